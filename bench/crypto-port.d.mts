export class CryptoPortRouter {
  addRegion(region: string, weight?: number): void;
  removeRegion(region: string): boolean;
  route(sessionId: string): string | null;
  weights(): Map<string, number>;
}
/** MD5 of the UTF-8 of s, as a 128-bit big-endian integer: a ring position. */
export function position(s: string): bigint;
