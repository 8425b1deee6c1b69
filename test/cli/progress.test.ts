import { describe, expect, it } from "vitest";
import { progressText } from "../../src/cli/progress.js";

describe("progressText", () => {
  it("fills the bar in proportion and shows percent and megabytes", () => {
    expect(progressText(0, 4_000_000, 10)).toBe("[..........]   0%  0.0 of 4.0 MB");
    expect(progressText(1_000_000, 4_000_000, 10)).toBe("[###.......]  25%  1.0 of 4.0 MB");
    expect(progressText(4_000_000, 4_000_000, 10)).toBe("[##########] 100%  4.0 of 4.0 MB");
  });

  it("never overflows when more bytes arrive than the size announced, and treats size 0 as done", () => {
    expect(progressText(9_000_000, 4_000_000, 10)).toBe("[##########] 100%  4.0 of 4.0 MB");
    expect(progressText(0, 0, 4)).toBe("[####] 100%  0.0 of 0.0 MB");
  });
});
