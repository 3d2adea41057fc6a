// Invisible characters made visible, so a reviewer reads what the agent reads. Isomorphic.

/** Unicode tag characters (U+E0000–U+E007F): invisible in every renderer, read by language models. */
export const isTagCodePoint = (cp: number): boolean => cp >= 0xe0000 && cp <= 0xe007f;

/** Bidirectional embeddings, overrides and isolates (the "Trojan Source" characters). */
export const isBidiControl = (cp: number): boolean => (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069);

/** Characters that take no space: zero-width space, joiners, word joiner, invisible operators, BOM. */
export const isZeroWidth = (cp: number): boolean => (cp >= 0x200b && cp <= 0x200d) || (cp >= 0x2060 && cp <= 0x2064) || cp === 0xfeff || cp === 0x180e;

/** Variation selectors 17–256 (U+E0100–U+E01EF): no font draws them, so a run of them can carry bytes. */
export const isSupplementaryVariationSelector = (cp: number): boolean => cp >= 0xe0100 && cp <= 0xe01ef;

/** Other format or filler characters that render as nothing. */
function isOtherInvisible(cp: number): boolean {
  return (
    cp === 0x00ad ||
    cp === 0x034f ||
    cp === 0x061c ||
    cp === 0x115f ||
    cp === 0x1160 ||
    cp === 0x17b4 ||
    cp === 0x17b5 ||
    cp === 0x200e ||
    cp === 0x200f ||
    (cp >= 0x206a && cp <= 0x206f) ||
    cp === 0x3164 ||
    cp === 0xffa0 ||
    (cp >= 0xfff9 && cp <= 0xfffb)
  );
}

/** C0 and C1 controls other than tab, line feed and carriage return. */
export const isControl = (cp: number): boolean => (cp < 0x20 && cp !== 0x09 && cp !== 0x0a && cp !== 0x0d) || (cp >= 0x7f && cp <= 0x9f);

export function isInvisible(cp: number): boolean {
  return isTagCodePoint(cp) || isBidiControl(cp) || isZeroWidth(cp) || isSupplementaryVariationSelector(cp) || isOtherInvisible(cp) || isControl(cp);
}

const hex = (cp: number): string => cp.toString(16).toUpperCase().padStart(4, "0");

/**
 * The ASCII a run of tag characters spells (U+E0020–U+E007E map to " "–"~"). Tags outside that
 * range (the language tag U+E0001, the cancel tag U+E007F) are shown as code points.
 */
export function decodeTagRun(run: string): string {
  let out = "";
  for (const ch of run) {
    const cp = ch.codePointAt(0) as number;
    const ascii = cp - 0xe0000;
    out += ascii >= 0x20 && ascii <= 0x7e ? String.fromCharCode(ascii) : `<U+${hex(cp)}>`;
  }
  return out;
}

/** Every run of tag characters in `text`, decoded, in order. */
export function decodeTags(text: string): string[] {
  const runs: string[] = [];
  for (const m of text.matchAll(TAG_RUN)) runs.push(decodeTagRun(m[0]));
  return runs;
}

const TAG_RUN = /[\u{E0000}-\u{E007F}]+/gu;
// cheap pre-check: every invisible character handled here is outside printable ASCII
const NEEDS_WORK = /[^\t\n\r\x20-\x7e]|\r(?!\n)/;

/**
 * `text` with every invisible character shown: tag-character runs decoded as
 * "⟦TAG: ignore all previous instructions⟧", everything else as "<U+200B>". Tab and newlines are
 * kept; a carriage return that does not end a line is shown, since it can hide what came before it.
 */
export function makeVisible(text: string): string {
  if (!NEEDS_WORK.test(text)) return text;
  let out = "";
  let i = 0;
  while (i < text.length) {
    const cp = text.codePointAt(i) as number;
    const width = cp > 0xffff ? 2 : 1;
    if (isTagCodePoint(cp)) {
      let j = i;
      while (j < text.length && isTagCodePoint(text.codePointAt(j) as number)) j += 2;
      out += `⟦TAG: ${decodeTagRun(text.slice(i, j))}⟧`;
      i = j;
      continue;
    }
    if (cp === 0x0d) {
      out += text[i + 1] === "\n" ? "\r" : "<U+000D>";
    } else if (cp === 0x0a || cp === 0x09) {
      out += text[i];
    } else if (isInvisible(cp) || (cp >= 0xd800 && cp <= 0xdfff)) {
      out += `<U+${hex(cp)}>`;
    } else {
      out += text.slice(i, i + width);
    }
    i += width;
  }
  return out;
}
