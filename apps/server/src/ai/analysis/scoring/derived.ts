import { findByName, indexByName } from '../item-name.ts';
import { lotNumber } from '../lot-marker.ts';
import { judge, type Judged } from './judge.ts';
import { statedFor } from './stated.ts';
import type { Proposal, ProposedItem, Span, StatedTotals } from './types.ts';
import { LOT_WORD_AFTER_NO, LOT_WORD_BEFORE_NO } from '@bid/shared';

/**
 * A 包 whose scoring is stated as another's with changes (第2包评分标准参照表3-1（第1包）执行，但作如下
 * 调整：…分值调整为25分；删除“实训课程资源”；增加“离线编程及仿真软件”，分值0～11分), or simply the
 * same (第二包评分标准同第一包). Its items are the other 包's items with those changes; a changed or
 * added item points at the sentence that changes it.
 */

const N = '[一二三四五六七八九十\\d]{1,3}';
const LOT = `(?:第\\s*(${N})\\s*${LOT_WORD_AFTER_NO}|${LOT_WORD_BEFORE_NO}\\s*(${N}))`;
/** 第2包评分标准参照表 3-1 执行 / 包2的评分办法同包1 / 第二标段评分标准与第一标段相同. */
const DERIVED = new RegExp(
  `${LOT}[^。\\n]{0,12}?评(?:分|审|标)(?:标准|办法|细则|因素)?[^。\\n]{0,8}?(?:参照|参考|同|按照?|与)\\s*(?:${LOT}|表\\s*[\\d\\-－.]+|上表|前表)[^。\\n]{0,24}?(?:执行|相同|一致|$|[，,；;。])`,
);

const NUM = '(\\d+(?:\\.\\d+)?)';
const QUOTED = '[“"‘「]([^”"’」]{2,40})[”"’」]';
const SET_POINTS = new RegExp(
  `${QUOTED}[^。；;\\n“”]{0,12}?(?:分值|满分|分数)(?:调整|修改|变更|改)?为\\s*${NUM}\\s*分`,
  'g',
);
const REMOVE = new RegExp(`(?:删除|取消|去掉|不设)[^。；;\\n“”]{0,16}?${QUOTED}`, 'g');
const ADD = new RegExp(
  `(?:增加|新增|增设|增列)[^。；;\\n“”]{0,16}?${QUOTED}[^。；;\\n]{0,24}?(?:分值|满分)\\s*(?:为)?\\s*(?:${NUM}\\s*[～~\\-－—至到]\\s*)?${NUM}\\s*分`,
  'g',
);

export interface DerivedLot {
  lot: number;
  base: number | null;
  /** The statement that derives it. */
  span: Span;
  /** The text of its changes (up to the next numbered clause or chapter). */
  changes: { text: string; start: number };
}

/** Statements in the text that derive one 包's scoring from another's. */
export function derivedLots(text: string): DerivedLot[] {
  const out: DerivedLot[] = [];
  const re = new RegExp(DERIVED.source, 'g');
  for (const m of text.matchAll(re)) {
    const lot = lotNumber(m[1] ?? m[2]);
    const baseRaw = m[3] ?? m[4];
    const base = baseRaw ? lotNumber(baseRaw) : null;
    if (lot == null || base === lot || out.some((d) => d.lot === lot)) continue;
    const start = m.index ?? 0;
    const after = start + m[0].length;
    // Its changes: the numbered clauses that follow, up to the next clause of the text's own
    // numbering (3.4 …) or a chapter.
    const rest = text.slice(after, after + 1500);
    const stop =
      /\n\s*(?:\d+\.\d+(?:\.\d+)?\s|第[一二三四五六七八九十\d]+[章节部分]|[一二三四五六七八九十]+、)/.exec(
        rest,
      );
    out.push({
      lot,
      base,
      span: { start, end: after },
      changes: { text: rest.slice(0, stop ? stop.index : rest.length), start: after },
    });
  }
  return out;
}

/** The derived 包's reading: the base reading's items with the stated changes. */
export function deriveReading(base: Proposal, d: DerivedLot): Proposal {
  const items: ProposedItem[] = base.items.map((it) => ({ ...it, lot: d.lot }));
  const at = (m: RegExpMatchArray): Span => {
    const s = d.changes.start + (m.index ?? 0);
    return { start: s, end: s + m[0].length };
  };
  for (const m of d.changes.text.matchAll(SET_POINTS)) {
    const it = findByName(items, m[1]);
    if (!it) continue;
    it.points = Number(m[2]);
    it.pointsSpan = at(m);
    it.span = at(m);
  }
  for (const m of d.changes.text.matchAll(REMOVE)) {
    const k = indexByName(items, m[1]);
    if (k >= 0) items.splice(k, 1);
  }
  for (const m of d.changes.text.matchAll(ADD)) {
    if (indexByName(items, m[1]) >= 0) continue;
    const span = at(m);
    const nameAt = span.start + m[0].indexOf(m[1]);
    items.push({
      name: m[1].trim(),
      points: Number(m[3]),
      criteria: d.changes.text
        .slice((m.index ?? 0) + m[0].length)
        .split(/[；;\n]/)[0]
        .replace(/^[：:，,]/, ''),
      category: null,
      group: null,
      lot: d.lot,
      span,
      nameSpan: { start: nameAt, end: nameAt + m[1].length },
      pointsSpan: span,
      serial: null,
    });
  }
  return { reader: `derived(${base.reader})`, lot: d.lot, items, subtotals: [] };
}

/**
 * The readings with the 包 whose scoring the tender states as another's with changes (derived.ts);
 * null when there are none to add. Without tables per 包, the one table read is the base 包's.
 */
export function withDerived(
  chosen: Judged[],
  derived: DerivedLot[],
  split: boolean,
  seen: number[],
  stated: StatedTotals[],
  text: string,
): Judged[] | null {
  if (!derived.length || !chosen.length) return null;
  if (!split && chosen.length !== 1) return null;
  const out: Judged[] = split ? [...chosen] : [];
  for (const d of derived) {
    if (out.some((j) => j.p.lot === d.lot)) continue;
    const baseLot = d.base ?? (split ? (chosen.length === 1 ? chosen[0].p.lot : null) : (seen[0] ?? 1));
    if (baseLot == null || baseLot === d.lot) continue;
    let base = out.find((j) => j.p.lot === baseLot);
    if (!base && !split) {
      base = {
        ...chosen[0],
        p: { ...chosen[0].p, lot: baseLot, items: chosen[0].p.items.map((i) => ({ ...i, lot: baseLot })) },
      };
      out.push(base);
    }
    if (!base) continue;
    const p = deriveReading(base.p, d);
    out.push({ p, v: judge(p, statedFor(stated, d.lot), text) });
  }
  return out.some((j) => !chosen.includes(j)) && out.length > (split ? chosen.length : 1) ? out : null;
}
