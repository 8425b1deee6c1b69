// displayWidth (src/cli/display-width.ts): the terminal columns a region name takes, so that the
// tables of `stats` and `plan` line up.
import { describe, expect, it } from "vitest";
import { displayWidth, ONE_COLUMN } from "../../src/cli/display-width.js";

describe("displayWidth", () => {
  it.each([
    ["", 0],
    ["sf", 2],
    ["bangalore-2", 11],
    ["café", 4],
    ["ｶﾀｶﾅ", 4], // halfwidth katakana: narrow
    ["box █▏", 6], // East Asian ambiguous: narrow outside CJK locales
    ["\u3248\u324f", 2], // circled numbers on black squares: ambiguous, amid wide enclosed CJK
    ["co\u00adop", 5], // a soft hyphen shows as "-"
  ])("ASCII, Latin and narrow forms take one column a character: %j → %i", (text, width) => {
    expect(displayWidth(text)).toBe(width);
  });

  it("the quick path (characters of one column that form no cluster) counts as the clusters do", () => {
    let quick = 0;
    for (let c = 0; c <= 0xffff; c++) {
      const text = `${String.fromCharCode(c).repeat(2)}x`;
      if (!ONE_COLUMN.test(text)) continue;
      quick++;
      // A wide character sends the whole text through the clusters.
      expect(displayWidth(`${text}東`), c.toString(16)).toBe(displayWidth(text) + 2);
      expect(displayWidth(text)).toBe(3);
    }
    expect(quick).toBeGreaterThan(1000);
  });

  it.each([
    ["東京", 4],
    ["서울", 4],
    ["ひらがな", 8],
    ["カタカナ", 8],
    ["ＡＢＣ", 6], // fullwidth Latin
    ["大阪-1", 6],
    ["𠮷野家", 6], // an ideograph outside the BMP
    ["「東」", 6], // CJK punctuation
    ["\u2329x\u232a", 5], // angle brackets 〈 〉: wide in EastAsianWidth.txt
    ["\u{1aff5}", 2], // Kana extended B
    ["\u{18d00}", 2], // Tangut supplement
  ])("CJK and fullwidth characters take two: %j → %i", (text, width) => {
    expect(displayWidth(text)).toBe(width);
  });

  it.each([
    ["😀", 2],
    ["🌍-edge", 7],
    ["👍🏽", 2], // skin tone modifier
    ["👨‍👩‍👧", 2], // ZWJ sequence
    ["🏳️‍🌈", 2], // ZWJ sequence with VS16
    ["🇯🇵", 2], // flag: two regional indicators
    ["🇯🇵🇫🇷", 4],
    ["1️⃣", 2], // keycap
    ["☺", 1], // text presentation
    ["☺️", 2], // the same with VS16
    ["tokyo🗼", 7],
  ])("emoji take two, however many code points they are made of: %j → %i", (text, width) => {
    expect(displayWidth(text)).toBe(width);
  });

  it.each([
    ["e\u0301", 1], // e + combining acute
    ["a\u0308\u0323", 1], // two marks on one base
    ["\u0301", 0], // a mark with no base
    ["ne\u0301e\u0301", 3],
    ["a\u200bb", 2], // zero-width space
    ["東\u0301", 2], // a mark on a wide base
    ["\x1b", 0], // control
  ])("combining marks, format and control characters take none: %j → %i", (text, width) => {
    expect(displayWidth(text)).toBe(width);
  });
});
