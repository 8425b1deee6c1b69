import type { VectorCase } from "./vectors.js";

export function replay(RegionRouter: new () => { addRegion(region: string, weight?: number): void; removeRegion(region: string): boolean; route(sessionId: string): string | null }, cases: readonly VectorCase[]): (string | null)[][];
export function expectedRoutes(cases: readonly VectorCase[]): (string | null)[][];
