// How the benchmark's tables print a figure (re-exported by lib.mjs; typed, for the tests).

/**
 * A figure for a table: whole from 100 up, else `digits` decimals; "n/a" for what was not measured
 * (NaN: e.g. a task's "without a collection" figure when a collection fell in every one of its calls).
 * @param {number} x
 * @param {number} [digits]
 * @returns {string}
 */
export const fmt = (x, digits = 1) => (Number.isNaN(x) ? "n/a" : x >= 100 ? x.toFixed(0) : x.toFixed(digits));
