export function browserBundle(specifier: string, resolveDir?: string): Promise<{ code: string; minified: number; gzipped: number }>;
