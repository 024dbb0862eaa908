import { chineseNumber } from '../money.ts';
import type { Proposal } from './types.ts';
import { LOT_WORD_BEFORE_NO } from '@bid/shared';

/**
 * One table shared by several 包 with a column saying which 包 each row applies to (适用包 | 两包 /
 * 第一包 / 第二包, 适用标段 | 全部 / 1、2): each 包 gets the rows that apply to it. The reading of the
 * whole table is kept beside, and the judge weighs both against the totals each 包 states.
 */

const N = '[一二三四五六七八九十\\d]{1,2}';
const UNIT = LOT_WORD_BEFORE_NO;
/** Every 包: 两包, 各包, 全部, 通用, 所有标段, 1-3包. */
const ALL = new RegExp(
  `^(?:两|各|全部|所有|每个?|三)${UNIT}?$|^(?:全部|通用|共用|均适用|各包通用|两包通用)$`,
);
/** Named 包: 第一包, 包2, 一、二包, 第1、2标段, 包1/包2. */
const SOME = new RegExp(
  `^(?:第?${N}${UNIT}?|${UNIT}${N})(?:\\s*[、,，/和及与]\\s*(?:第?${N}${UNIT}?|${UNIT}${N}))*${UNIT}?(?:适用)?$`,
);

function numbersIn(cell: string): number[] {
  return [...cell.matchAll(new RegExp(N, 'g'))]
    .map((m) => (/\d/.test(m[0]) ? Number(m[0]) : chineseNumber(m[0])))
    .filter((n): n is number => n != null && n >= 1 && n <= 20);
}

type Applies = { all: true } | { all: false; lots: number[] };

/** The applicability cell of an item's row, if it has exactly one. */
function appliesOf(row: string): Applies | null {
  const cells = row
    .split(/\t|\n|\s{2,}|\|/)
    .map((c) => c.replace(/\s+/g, ''))
    .filter(Boolean);
  let found: Applies | null = null;
  for (const c of cells) {
    const here: Applies | null = ALL.test(c)
      ? { all: true }
      : SOME.test(c) && new RegExp(UNIT).test(c)
        ? { all: false, lots: numbersIn(c) }
        : null;
    if (!here) continue;
    if (found) return null;
    found = here;
  }
  return found;
}

/** Per-包 readings of a whole-table proposal whose rows say which 包 they apply to; [] when they do not. */
export function byApplicability(p: Proposal, textOf: (start: number, end: number) => string): Proposal[] {
  if (p.lot != null || p.items.length < 3) return [];
  const marks = p.items.map((it) => appliesOf(textOf(it.span.start, it.span.end)));
  if (marks.some((m) => m == null)) return [];
  const named = [...new Set(marks.flatMap((m) => (m && !m.all ? m.lots : [])))].sort((a, b) => a - b);
  if (named.length < 2) return [];
  return named.map((lot) => ({
    ...p,
    reader: `${p.reader}-applicable`,
    lot,
    items: p.items
      .filter((_, k) => {
        const m = marks[k]!;
        return m.all || m.lots.includes(lot);
      })
      .map((it) => ({ ...it, lot })),
  }));
}
