// The machine a run measured, for both benches (`region-router bench` and bench/). The CPU's family,
// model and clock come from /proc/cpuinfo where there is one: a VM's model name ("AMD EPYC") can
// hide different processors, whose SIMD and page faults cost differently.
import { readFileSync } from "node:fs";
import os from "node:os";

/** The processor, its cores and memory, the system. */
export interface Machine {
  readonly cpu: string;
  readonly cores: number;
  readonly memoryGiB: number;
  readonly platform: string;
}

export function machine(): Machine {
  let info = "";
  try {
    info = readFileSync("/proc/cpuinfo", "utf8");
  } catch {}
  const field = (name: string) => new RegExp(`^${name}\\s*:\\s*(.+)$`, "m").exec(info)?.[1];
  const [family, model, mhz] = [field("cpu family"), field("model"), field("cpu MHz")];
  const detail = family === undefined ? "" : ` (family ${family}, model ${model ?? "?"}, ${Math.round(Number(mhz))} MHz)`;
  const cpus = os.cpus();
  return { cpu: `${cpus[0]?.model.trim() ?? "unknown CPU"}${detail}`, cores: cpus.length, memoryGiB: Math.round(os.totalmem() / 2 ** 30), platform: `${process.platform} ${process.arch}` };
}

/** The machine, Node's version and the date, as a report's line. */
export function machineLine(): string {
  const { cpu, cores, memoryGiB, platform } = machine();
  return `${cpu}, ${cores} cores, ${memoryGiB} GiB, ${platform}; Node ${process.version}; ${new Date().toISOString().slice(0, 10)}`;
}
