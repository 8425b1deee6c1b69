// Terminal columns of a string, so tables line up: per grapheme cluster, 2 for East Asian wide and
// fullwidth characters and emoji pictures (ZWJ sequences, flags, keycaps, skin tones), 0 for only
// combining marks, format or control characters, 1 else ("ambiguous" ones too, as outside CJK locales).

const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });
/** A cluster that occupies no column: combining marks, zero-width and other format or control characters, except the soft hyphen, which terminals show as "-". */
const ZERO_WIDTH = /^(?:(?!\u00AD)[\p{M}\p{Cf}\p{Cc}])+$/u;
/** A cluster drawn as an emoji picture: an emoji-presentation character, or any emoji asked for with VS16. */
const EMOJI = /\p{Emoji_Presentation}|\p{Emoji}\uFE0F/u;
/** Text whose characters are of one column and form no cluster: ASCII (the usual name), Latin, punctuation, arrows, math, boxes (→ ≈ █). */
export const ONE_COLUMN = /^[\x20-\x7e\u00a0-\u02ff\u2010-\u2027\u2030-\u205e\u2190-\u22ff\u2500-\u259f]*$/;

/**
 * Unicode's East Asian wide (W) and fullwidth (F) blocks (EastAsianWidth.txt: Hangul Jamo, CJK
 * symbols and ideographs, kana, Yi, Hangul syllables, fullwidth forms, Tangut, Nushu...), for a
 * cluster's first character; the emoji among them are EMOJI's. Checked against Python's
 * unicodedata.east_asian_width for every assigned code point.
 */
const WIDE =
  /^[\u1100-\u115f\u2329\u232a\u2e80-\u303e\u3041-\u3247\u3250-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\ua960-\ua97f\uac00-\ud7a3\uf900-\ufaff\ufe10-\ufe19\ufe30-\ufe6f\uff00-\uff60\uffe0-\uffe6\u{16fe0}-\u{18d08}\u{1aff0}-\u{1affe}\u{1b000}-\u{1b2ff}\u{1f200}-\u{1f2ff}\u{20000}-\u{3fffd}]/u;

/** The columns `text` takes on a terminal. */
export function displayWidth(text: string): number {
  if (ONE_COLUMN.test(text)) return text.length;
  let width = 0;
  for (const { segment } of graphemes.segment(text)) {
    if (!ZERO_WIDTH.test(segment)) width += EMOJI.test(segment) || WIDE.test(segment) ? 2 : 1;
  }
  return width;
}
