// A resizable ArrayBuffer (ES2024): Node 20 makes them, the library types this project compiles with do not declare them.
export const ResizableArrayBuffer = ArrayBuffer as unknown as new (length: number, options: { maxByteLength: number }) => ArrayBuffer & { resize(length: number): void };
