// A static file server on 127.0.0.1 (random port) for the browser tests: URL prefixes map to
// directories or to fixed pages. It serves only what is mounted and never leaves a mounted root.
import { createReadStream, statSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize, sep } from "node:path";

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".json": "application/json",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".map": "application/json",
  ".wasm": "application/wasm",
};

export interface StaticServer {
  /** Base URL with no trailing slash, e.g. http://127.0.0.1:41234 */
  readonly url: string;
  close(): Promise<void>;
}

/**
 * `mounts` maps a URL prefix ("/pkg/") to a directory, or an exact path ("/") to page text.
 * Directory requests for "…/" serve index.html.
 */
export async function serveStatic(mounts: Record<string, string | { page: string }>): Promise<StaticServer> {
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? "/", "http://x").pathname);
    for (const [prefix, target] of Object.entries(mounts)) {
      if (typeof target !== "string") {
        if (path !== prefix) continue;
        response.writeHead(200, { "content-type": CONTENT_TYPES[".html"] });
        response.end(target.page);
        return;
      }
      if (!path.startsWith(prefix)) continue;
      const rest = path.slice(prefix.length) || "index.html";
      const file = normalize(join(target, rest.endsWith("/") ? rest + "index.html" : rest));
      if (!file.startsWith(normalize(target + sep)) || !isFile(file)) break;
      response.writeHead(200, { "content-type": CONTENT_TYPES[extname(file)] ?? "application/octet-stream" });
      createReadStream(file).pipe(response);
      return;
    }
    response.writeHead(404, { "content-type": "text/plain" });
    response.end(`not found: ${path}`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
