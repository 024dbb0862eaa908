import type { BidTermValues } from '@bid/shared';
import { norm } from '../knowledge/consistency.ts';

/** Where the writer changes the 报价 and the terms: the workspace's 报价与格式 drawer. */
export const PRICE_SHEET = '“报价与格式”';

const LABELS: Record<keyof BidTermValues, string> = {
  period: '工期',
  warranty: '质保期',
  validity: '投标有效期',
};

/**
 * A duration in days or in months (a year is twelve). Days and months are not converted into each
 * other: a month is no fixed count of days, and an evaluator reads the tender's own unit.
 */
export function measure(v: string): { n: number; unit: 'day' | 'month' } | null {
  const m = /^(\d+)(日历天|天|日|个月|年)$/.exec(norm(v));
  if (!m) return null;
  const n = Number(m[1]);
  if (m[2] === '个月') return { n, unit: 'month' };
  if (m[2] === '年') return { n: n * 12, unit: 'month' };
  return { n, unit: 'day' };
}

/**
 * The terms the bid states against the tender's. A tender's 工期 is the longest it accepts, its
 * 质保期 and 投标有效期 the shortest: a bid inside them is consistent, one outside is a blocking
 * finding naming both values and where to change it. Nothing is said where the tender states no
 * term or the bid states none of its own (its forms then state the tender's).
 */
export function termFindings(required: BidTermValues, offered: BidTermValues): string[] {
  const out: string[] = [];
  for (const key of ['period', 'warranty', 'validity'] as const) {
    const want = required[key];
    const got = offered[key];
    if (!want || !got) continue;
    const label = LABELS[key];
    const w = measure(want);
    const g = measure(got);
    const stated = `${PRICE_SHEET}中填写的是 ${norm(got)}，招标文件要求 ${norm(want)}`;
    if (!w || !g || w.unit !== g.unit) {
      out.push(`${label}与招标文件的单位不同：${stated}，请在${PRICE_SHEET}中按招标文件的写法填写`);
      continue;
    }
    if (key === 'period' ? g.n > w.n : g.n < w.n)
      out.push(
        `${label}${key === 'period' ? '超过' : '短于'}招标文件要求：${stated}，请在${PRICE_SHEET}中修改`,
      );
  }
  return out;
}
