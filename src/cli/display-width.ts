// How many terminal columns a string takes, so that tables line up whatever the region names are:
// per user-perceived character (grapheme cluster), 2 for East Asian wide and fullwidth characters
// and for emoji shown as pictures (ZWJ sequences, flags, keycaps and skin tones included), 0 for a
// cluster of only combining marks, format or control characters, 1 for anything else.
// East Asian "ambiguous" characters (box drawing, "█") count 1, as outside CJK locales.

const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });

/**
 * A cluster that occupies no column: combining marks, zero-width and other format or control
 * characters, except the soft hyphen, which terminals show as "-".
 */
const ZERO_WIDTH = /^(?:(?!\u00AD)[\p{M}\p{Cf}\p{Cc}])+$/u;
/** A cluster drawn as an emoji picture: an emoji-presentation character, or any emoji asked for with VS16. */
const EMOJI = /\p{Emoji_Presentation}|\p{Emoji}\uFE0F/u;

/**
 * The wide (W) and fullwidth (F) blocks of Unicode's EastAsianWidth.txt, as [first, last] code
 * points, for a cluster's first code point; the emoji among the wide characters are left to EMOJI.
 * Checked against Python's unicodedata.east_asian_width (Unicode 14) for every assigned code point
 * alone (2026-11-30): every W and F character counts 2; every other counts 1, but for lone
 * combining marks, spacing ones included, and format characters (0, as ZERO_WIDTH says) and
 * regional indicators (emoji pictures, 2).
 */
const WIDE: readonly (readonly [number, number])[] = [
  [0x1100, 0x115f], // Hangul Jamo initial consonants
  [0x2329, 0x232a], // left- and right-pointing angle brackets
  [0x2e80, 0x303e], // CJK radicals, Kangxi radicals, ideographic description, CJK symbols and punctuation
  [0x3041, 0x3247], // Hiragana, Katakana, Bopomofo, Hangul compatibility Jamo, Kanbun, CJK strokes, enclosed CJK...
  [0x3250, 0x33ff], // ... but the ambiguous circled numbers on black squares, U+3248-324F
  [0x3400, 0x4dbf], // CJK unified ideographs extension A
  [0x4e00, 0x9fff], // CJK unified ideographs
  [0xa000, 0xa4cf], // Yi
  [0xa960, 0xa97f], // Hangul Jamo extended A
  [0xac00, 0xd7a3], // Hangul syllables
  [0xf900, 0xfaff], // CJK compatibility ideographs
  [0xfe10, 0xfe19], // vertical forms
  [0xfe30, 0xfe6f], // CJK compatibility forms, small form variants
  [0xff00, 0xff60], // fullwidth forms
  [0xffe0, 0xffe6], // fullwidth signs
  [0x16fe0, 0x18d08], // ideographic symbols, Tangut, Khitan, Tangut supplement
  [0x1aff0, 0x1affe], // Kana extended B
  [0x1b000, 0x1b2ff], // Kana supplement and extensions, Nushu
  [0x1f200, 0x1f2ff], // enclosed ideographic supplement
  [0x20000, 0x3fffd], // CJK unified ideographs extensions B and later, compatibility supplement
];

function isWide(codePoint: number): boolean {
  for (const [first, last] of WIDE) if (codePoint >= first && codePoint <= last) return true;
  return false;
}

/** The columns `text` takes on a terminal. */
export function displayWidth(text: string): number {
  // ASCII (the usual region name) is one column a character, control characters aside.
  if (/^[\x20-\x7e]*$/.test(text)) return text.length;
  let width = 0;
  for (const { segment } of graphemes.segment(text)) {
    if (ZERO_WIDTH.test(segment)) continue;
    width += EMOJI.test(segment) || isWide(segment.codePointAt(0)!) ? 2 : 1;
  }
  return width;
}
