import type { Numbering } from './schema.ts';

/** Heading number schemes the built-in templates use (operators may write their own formats). */
export const NUMBERING_SCHEMES = {
  /** 第一章 / 1.1 / 1.1.1 / 1.1.1.1 … */
  chapterDecimal: {
    levels: [
      '第{c}章',
      '{1}.{2}',
      '{1}.{2}.{3}',
      '{1}.{2}.{3}.{4}',
      '{1}.{2}.{3}.{4}.{5}',
      '{1}.{2}.{3}.{4}.{5}.{6}',
      '{1}.{2}.{3}.{4}.{5}.{6}.{7}',
      '{1}.{2}.{3}.{4}.{5}.{6}.{7}.{8}',
      '{1}.{2}.{3}.{4}.{5}.{6}.{7}.{8}.{9}',
    ],
    separators: [' '],
  },
  /** 一、/（一）/ 1. / （1）/ ① … (党政机关公文格式 GB/T 9704 的层次序数) */
  chineseOutline: {
    levels: [
      '{c}、',
      '（{c}）',
      '{n}.',
      '（{n}）',
      '{circle}',
      '{alpha}.',
      '（{alpha}）',
      '{n})',
      '{alpha})',
    ],
    separators: ['', '', ' ', '', '', ' ', '', ' ', ' '],
  },
  /** 1 / 1.1 / 1.1.1 … */
  decimal: {
    levels: [
      '{1}',
      '{1}.{2}',
      '{1}.{2}.{3}',
      '{1}.{2}.{3}.{4}',
      '{1}.{2}.{3}.{4}.{5}',
      '{1}.{2}.{3}.{4}.{5}.{6}',
      '{1}.{2}.{3}.{4}.{5}.{6}.{7}',
      '{1}.{2}.{3}.{4}.{5}.{6}.{7}.{8}',
      '{1}.{2}.{3}.{4}.{5}.{6}.{7}.{8}.{9}',
    ],
    separators: [' '],
  },
} as const satisfies Record<string, Numbering>;

const DIGITS = ['零', '一', '二', '三', '四', '五', '六', '七', '八', '九'];

/** 1 → 一, 10 → 十, 11 → 十一, 20 → 二十, 105 → 一百零五, 110 → 一百一十 (up to 9999). */
export function chineseNumeral(n: number): string {
  if (!Number.isInteger(n) || n < 0) return String(n);
  if (n < 10) return DIGITS[n];
  if (n < 20) return `十${n % 10 ? DIGITS[n % 10] : ''}`;
  if (n >= 10000) return String(n);
  const units = ['', '十', '百', '千'];
  const digits = String(n).split('').map(Number);
  let out = '';
  let zero = false;
  digits.forEach((d, i) => {
    const unit = units[digits.length - 1 - i];
    if (d === 0) {
      zero = true;
      return;
    }
    if (zero && out) out += '零';
    zero = false;
    out += DIGITS[d] + unit;
  });
  return out;
}

const CIRCLED = '①②③④⑤⑥⑦⑧⑨⑩⑪⑫⑬⑭⑮⑯⑰⑱⑲⑳';

function alpha(n: number): string {
  let s = '';
  let k = n;
  while (k > 0) {
    k -= 1;
    s = String.fromCharCode(97 + (k % 26)) + s;
    k = Math.floor(k / 26);
  }
  return s || 'a';
}

/**
 * The number of a heading from its path of 1-based positions (path[0] is its level-1 ancestor,
 * the last is its own position). Empty when the scheme has no format for the level.
 */
export function formatHeadingNumber(numbering: Numbering, path: number[]): string {
  const level = path.length;
  const fmt = numbering.levels[level - 1];
  if (!fmt) return '';
  const own = path[level - 1];
  return fmt.replace(/\{(c|n|circle|alpha|[1-9])\}/g, (_m, tok: string) => {
    if (tok === 'c') return chineseNumeral(own);
    if (tok === 'n') return String(own);
    if (tok === 'circle') return own >= 1 && own <= 20 ? CIRCLED[own - 1] : `(${own})`;
    if (tok === 'alpha') return alpha(own);
    const k = Number(tok);
    return k <= level ? String(path[k - 1]) : '';
  });
}

export function separatorFor(numbering: Numbering, level: number): string {
  const seps = numbering.separators.length ? numbering.separators : [' '];
  return seps[Math.min(level - 1, seps.length - 1)];
}

/**
 * Outline titles often carry their own numbers (AI answers, pasted tender chapters): 第三章 …,
 * 3.2 …, 一、…, （二）…, (1) …, ①. They are removed so the template's numbering is not doubled.
 * A title that is nothing but a number is kept.
 */
const OWN_NUMBER_RE =
  /^\s*(?:第[一二三四五六七八九十百零〇两\d]+[章节部分篇卷条]|[一二三四五六七八九十百]+[、.．]|[（(][一二三四五六七八九十百\d]+[）)]|\d+(?:[.．]\d+)+[.．、]?|\d+[.．、](?!\d)|[①-⑳])\s*/u;

export function stripOwnNumber(title: string): string {
  const stripped = title.replace(OWN_NUMBER_RE, '');
  return stripped.trim() ? stripped.trim() : title.trim();
}
