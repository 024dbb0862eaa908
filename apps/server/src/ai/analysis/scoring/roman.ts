import type { Line } from '../lines.ts';

/**
 * Roman numerals that number rows or categories (Ⅱ-3, Ⅲ 商务部分（30分）) read as the letter codes the
 * readers know (B-3, C 商务部分), one character for one, so every span stays where it was.
 */
export function foldRomanCodes(lines: Line[]): Line[] {
  const at = /(^|\t)(\s*)([\u2160-\u216b\u2170-\u217b])(?=\s*[-‐－—.、．]?\s*[\d\u4e00-\u9fa5])/g;
  return lines.map((l) => {
    if (!/[\u2160-\u217b]/.test(l.text)) return l;
    const text = l.text.replace(at, (_m, lead: string, sp: string, r: string) => {
      const k = r.charCodeAt(0) - (r.charCodeAt(0) >= 0x2170 ? 0x2170 : 0x2160);
      return `${lead}${sp}${String.fromCharCode(65 + k)}`;
    });
    return text === l.text ? l : { ...l, text };
  });
}

/** A name that starts where the text has a Roman numeral folded to a letter gets its numeral back. */
export function unfoldRoman(name: string, text: string, at: number): string {
  const c = text[at] ?? '';
  return /[\u2160-\u217b]/.test(c) && /^[A-L]/.test(name) ? c + name.slice(1) : name;
}
