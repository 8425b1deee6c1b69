// The sixteen-lane SIMD module (asconfig target simd16, which only Node's entry carries: it is past
// the 4 KiB that some browsers compile synchronously): simd.ts's routeMany with four v128 vectors
// a pass, and utf8Spans in strides of 32 bytes (utf8-spans.ts).
export { routeMany } from "./simd";
export { utf8Spans } from "./utf8-spans";
