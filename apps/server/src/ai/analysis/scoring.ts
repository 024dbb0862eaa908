import type { ScoringCategory, ScoringItem } from '@bid/shared';
import { truncate } from '../tender-text.ts';
import { lotMarker } from './facts.ts';
import { isChapterHeading, type Line } from './lines.ts';
import { categoryFromLabel, readProse, resolveGroups, type Candidate } from './prose.ts';
import { fragmentsOf, readTables, type TableRow } from './table.ts';

/**
 * Scoring items: the scoring sections are located by heading, split per 采购包 / 标段, read both as
 * tables and as text, and the reading that adds up best is kept (a table that sums to the stated
 * total beats fragments of score bands).
 */

const SCORING_HEAD =
  /(评分标准|评分办法|评审办法|评标办法|评标方法|评分方法|评分细则|评审因素|评分因素|评审标准|详细评审|评分表|评审细则|综合评分|评分项目)/;

export function classifyCategory(name: string, context: ScoringCategory | null = null): ScoringCategory {
  if (/价格|报价|投标价|磋商价|价格分/.test(name)) return 'price';
  if (context) return context;
  if (
    /方案|措施|设计|计划|组织|技术|实施|工艺|进度|质量|安全|环保|环境|应急|培训|运维|服务体系|布置|理解|功能|性能|架构|演示|参数|路线|框架|编制/.test(
      name,
    )
  )
    return 'technical';
  if (
    /资质|认证|业绩|信誉|财务|项目经理|负责人|团队|班子|人员|证书|荣誉|奖|承诺|商务|社保|纳税|企业|诚信|规模|体系|售后|质保|工程师|机构/.test(
      name,
    )
  )
    return 'commercial';
  return 'technical';
}

/** Line ranges that hold scoring rules: from a scoring heading to the next chapter. */
function regions(lines: Line[]): Array<[number, number]> {
  // The next chapter heading after each line, found in one pass from the end.
  const nextChapter: number[] = new Array(lines.length + 1).fill(lines.length);
  for (let j = lines.length - 1; j >= 0; j--)
    nextChapter[j] = j + 1 < lines.length && isChapterHeading(lines[j + 1].text) ? j + 1 : nextChapter[j + 1];
  const out: Array<[number, number]> = [];
  for (let i = 0; i < lines.length; i++) {
    const t = lines[i].text.trim();
    if (!SCORING_HEAD.test(t) || t.length > 40) continue;
    const end = nextChapter[i];
    const last = out[out.length - 1];
    if (!last || !(last[0] <= i && end <= last[1])) out.push([i, end]);
  }
  return out;
}

/** A region split at its 包 markers (第一标段评分标准, （二）采购包2评分标准). */
function byLot(lines: Line[]): Array<{ lot: number | null; lines: Line[] }> {
  const parts: Array<{ lot: number | null; lines: Line[] }> = [{ lot: null, lines: [] }];
  for (const l of lines) {
    const n = !l.text.includes('\t') && /评|分|标准/.test(l.text) ? lotMarker(l.text) : null;
    if (n != null) parts.push({ lot: n, lines: [] });
    parts[parts.length - 1].lines.push(l);
  }
  return parts.filter((p) => p.lines.length);
}

const BAD_NAME = /^(优|良|中|差|一般|较好|较差|好)[（(：:，,]|得\d|分[）)]|^\d|[。；]/;

function fromRows(rows: TableRow[]): Candidate[] {
  const out: Candidate[] = [];
  for (const r of rows) {
    let name = r.name.replace(/\s+/g, '');
    let points = r.points;
    const inName = /^(.*?)[（(]\s*(?:满分|最高)?\s*(\d+(?:\.\d+)?)\s*分\s*[）)]$/.exec(name);
    if (inName) {
      name = inName[1];
      points = points ?? Number(inName[2]);
    }
    const cat = r.cat ? r.cat.replace(/[（(].*$/, '') : null;
    out.push({
      name,
      points,
      criteria: r.criteria,
      style: r.criteria ? 'num' : 'cn',
      category: cat ? categoryFromLabel(cat) : null,
      group: cat,
      start: r.start,
      end: r.end,
    });
  }
  // Group rows of a table: a factor without criteria whose points are its followers' sum.
  resolveGroups(out);
  return out;
}

interface Reading {
  items: Array<Candidate & { lot: number | null }>;
  quality: number;
}

function quality(groups: Array<{ lot: number | null; items: Candidate[] }>, declared: number | null): number {
  let q = 0;
  for (const g of groups) {
    const items = g.items.filter((c) => !c.isGroup);
    if (!items.length) continue;
    const total = items.reduce((s, c) => s + (c.points ?? 0), 0);
    const bad = items.filter((c) => BAD_NAME.test(c.name) || c.name.length > 30 || c.points == null).length;
    q += Math.min(items.length, 30) - 4 * bad;
    if (Math.abs(total - (declared ?? 100)) < 0.01) q += 40;
    else if (total >= 60 && total <= 140) q += 5;
  }
  return q;
}

function readRegion(lines: Line[], title: string, declared: number | null): Reading {
  const parts = byLot(lines);
  const lotted = parts.some((p) => p.lot != null);
  const tableGroups: Array<{ lot: number | null; items: Candidate[] }> = [];
  const proseGroups: Array<{ lot: number | null; items: Candidate[] }> = [];
  for (const part of parts) {
    const tables = readTables(fragmentsOf(part.lines, title));
    const items = tables.flatMap((t) => fromRows(t.rows));
    if (lotted && part.lot == null && !items.length && !readProse(part.lines, title).some((c) => !c.isGroup))
      continue;
    tableGroups.push({ lot: part.lot, items });
    proseGroups.push({ lot: part.lot, items: readProse(part.lines, title) });
  }
  const t = { quality: quality(tableGroups, declared), groups: tableGroups };
  const p = { quality: quality(proseGroups, declared), groups: proseGroups };
  const best = t.quality >= p.quality ? t : p;
  return {
    quality: best.quality,
    items: best.groups.flatMap((g) => g.items.map((c) => ({ ...c, lot: g.lot }))),
  };
}

export function extractScoringItems(lines: Line[], title: string): ScoringItem[] {
  const text = lines.map((l) => l.text).join('\n');
  const dm = /(?:总分|满分|总分值|满分为|总分为)\s*(?:为|是)?\s*(\d{2,3})\s*分/.exec(text);
  const declared = dm ? Number(dm[1]) : null;
  let best: Reading = { items: [], quality: 0 };
  for (const [a, b] of regions(lines)) {
    const r = readRegion(lines.slice(a, b), title, declared);
    if (r.quality > best.quality) best = r;
  }
  if (!best.items.length) best = readRegion(lines, title, declared);
  const items: ScoringItem[] = [];
  for (const c of best.items) {
    if (c.isGroup || BAD_NAME.test(c.name) || !c.name) continue;
    items.push({
      id: `S${items.length + 1}`,
      category: classifyCategory(c.name, c.category ?? (c.group ? categoryFromLabel(c.group) : null)),
      name: truncate(c.name, 200),
      group: c.group ? truncate(c.group.replace(/[（(]\s*\d+(?:\.\d+)?\s*分\s*[）)]$/, ''), 200) : null,
      points: c.points,
      criteria: truncate(c.criteria, 4000),
      lot: c.lot,
      source: { start: c.start, end: c.end },
    });
  }
  return items;
}
