// Preloaded (`node --import`) into a child the tests run, to learn its peak memory: at exit it
// writes process.resourceUsage().maxRSS (KiB) to the file named by REGION_ROUTER_TEST_MAX_RSS.
import { writeFileSync } from "node:fs";

const path = process.env.REGION_ROUTER_TEST_MAX_RSS;
if (path) process.on("exit", () => writeFileSync(path, String(process.resourceUsage().maxRSS)));
