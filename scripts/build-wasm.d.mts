/** The full text of src/engines/wasm/code.generated.ts for the current assembly/ sources. */
export function renderGenerated(): Promise<string>;
/** Compile one asconfig target in memory; returns the .wasm bytes. */
export function compileTarget(target: string): Promise<Uint8Array>;
