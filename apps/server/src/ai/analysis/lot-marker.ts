import { chineseNumber } from './money.ts';
import { LOT_WORD_AFTER_NO, LOT_WORD_BEFORE_NO } from '@bid/shared';

/** A line that opens one 包's part (采购包1：…, 第一标段评分标准), and 包 numbers. */

export const LOT_LINE = new RegExp(
  `^(?:[（(]?[一二三四五六七八九十]+[)）、]\\s*)?(?:${LOT_WORD_BEFORE_NO}\\s*([一二三四五六七八九十\\d]+)|第\\s*([一二三四五六七八九十\\d]+)\\s*${LOT_WORD_AFTER_NO})\\s*(?:[：:]\\s*([^（(，,；;。\\n]{2,40}))?`,
);

export function lotNumber(s: string): number | null {
  const n = /^\d+$/.test(s) ? Number(s) : chineseNumber(s);
  return n != null && n >= 1 && n <= 999 ? n : null;
}

/** A short line that opens one 包's part (采购包1：…, 第一标段评分标准); its number. */
export function lotMarker(line: string): number | null {
  const t = line.trim();
  if (t.length > 60) return null;
  const m = LOT_LINE.exec(t);
  if (!m) return null;
  return lotNumber(m[1] ?? m[2]);
}
