export class CryptoPortRouter {
  addRegion(region: string, weight?: number): void;
  removeRegion(region: string): boolean;
  route(sessionId: string): string | null;
  weights(): Map<string, number>;
}
