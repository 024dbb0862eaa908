import type { Line } from './lines.ts';
import { isPageNoise } from './lines.ts';

/**
 * Scoring tables rebuilt from text, whatever shape extraction left them in: one row per line with
 * tab or pipe cells (Word, web pages), a Word table whose merged cells are missing from some rows,
 * one cell per line (PDF text), or rows whose cells wrap onto following lines. The text is read as
 * a stream of cell fragments; the header row says which roles the columns play, in which order.
 */

export interface Frag {
  text: string;
  start: number;
  end: number;
  /** First fragment of its line, and how many fragments its line has. */
  lineStart: boolean;
  lineCells: number;
  /** Index of the line it came from (continuation lines are told from the next line). */
  line: number;
}

export type Role = 'cat' | 'seq' | 'name' | 'points' | 'criteria';

export interface TableRow {
  cat: string | null;
  seq: string | null;
  name: string;
  points: number | null;
  criteria: string;
  start: number;
  end: number;
}

function splitCells(line: string): Array<{ text: string; offset: number }> {
  const t = line;
  const pipe = /^\s*\|.*\|\s*$/.test(t);
  const sep = pipe ? '|' : '\t';
  const out: Array<{ text: string; offset: number }> = [];
  let pos = 0;
  for (const piece of t.split(sep)) {
    const lead = piece.length - piece.trimStart().length;
    const text = piece.trim();
    if (text) out.push({ text, offset: pos + lead });
    pos += piece.length + 1;
  }
  return out;
}

export function fragmentsOf(lines: Line[], title: string): Frag[] {
  const out: Frag[] = [];
  lines.forEach((l, li) => {
    const cells = splitCells(l.text).filter(
      (c) => !/^:?-{2,}:?$/.test(c.text) && !isPageNoise(c.text, title),
    );
    cells.forEach((c, i) =>
      out.push({
        text: c.text,
        start: l.start + c.offset,
        end: l.start + c.offset + c.text.length,
        lineStart: i === 0,
        lineCells: cells.length,
        line: li,
      }),
    );
  });
  // A factor with its points run together with its criteria (质量管理（6分）体系健全…) is two cells.
  for (let i = 0; i < out.length; i++) {
    const m = /^([^，。；：:得]{2,30}[（(]\s*\d+(?:\.\d+)?\s*分\s*[）)])(.{4,})$/.exec(out[i].text);
    if (!m) continue;
    const a = out[i];
    const cut = a.start + m[1].length;
    out.splice(
      i,
      1,
      { ...a, text: m[1], end: cut },
      { ...a, text: m[2].trim(), start: cut, lineStart: false },
    );
  }
  // A label wrapped inside its parentheses (技术部分（50 / 分）) is one cell again.
  for (let i = 0; i + 1 < out.length; i++) {
    const a = out[i];
    const open = (a.text.match(/[（(]/g)?.length ?? 0) - (a.text.match(/[）)]/g)?.length ?? 0);
    if (open > 0 && out[i + 1].text.length <= 8 && /[）)]/.test(out[i + 1].text) && a.text.length <= 30) {
      out.splice(i, 2, { ...a, text: a.text + out[i + 1].text, end: out[i + 1].end });
    }
  }
  return out;
}

const H_SEQ = /^(序号|编号|条款号|序|项次)$/;
const H_CAT =
  /^(评分类别|评审类别|类别|评分类型|评分大项|评审大项|分类|项目类别|评分分类|评分模块|评审模块)$/;
const H_NAME =
  /^(评分因素|评审因素|评分项目|评审项目|评分内容|评审内容|评分项|评审项|评价因素|评价项目|考核内容|考核项目|评分指标|评审指标|因素|指标|评分子项|评审子项|内容|项目|评分因子)$/;
const H_POINTS = /^(分值|分数|满分|权重|标准分|最高分|分值[（(]分[）)]|分值范围|分值分配|得分上限)$/;
const H_CRIT =
  /^(?:评分|评审|考核|评价)?(?:内容)?(?:及|和|与|、)?(?:评分|评审)?(?:标准|细则|说明|办法|依据|要求|准则|方法)(?:及说明)?$/;

function headerRole(s: string): Role | 'name-like' | null {
  const t = s.replace(/\s+/g, '');
  if (H_SEQ.test(t)) return 'seq';
  if (H_CAT.test(t)) return 'cat';
  if (H_NAME.test(t)) return 'name-like';
  if (H_POINTS.test(t)) return 'points';
  if (H_CRIT.test(t)) return 'criteria';
  return null;
}

/** The header at fragment `at`, as the ordered roles of the columns and where the body starts. */
export function headerAt(
  frags: Frag[],
  at: number,
): { roles: Role[]; body: number; trailing: boolean } | null {
  const found: Array<Role | 'name-like'> = [];
  let i = at;
  while (i < frags.length && found.length < 9) {
    const r = headerRole(frags[i].text);
    if (!r) break;
    found.push(r);
    i += 1;
  }
  // A table caption that is itself a label (评分标准 above 序号/评分因素/分值/评分标准) is not a column.
  while (found.length > 1 && found[0] !== 'name-like' && found.indexOf(found[0], 1) > 0) found.shift();
  const names = found.map((r, k) => (r === 'name-like' ? k : -1)).filter((k) => k >= 0);
  if (!names.length || found.length < 2) return null;
  const roles: Role[] = [];
  const lastName = names[names.length - 1];
  found.forEach((r, k) => {
    if (r !== 'name-like') {
      if (!roles.includes(r)) roles.push(r);
      return;
    }
    if (k === lastName) roles.push('name');
    // An earlier name-like label is the category column, or a spanning super-header.
    else if (!found.includes('cat') && !roles.includes('cat')) roles.push('cat');
  });
  if (!roles.includes('points') && !roles.includes('criteria')) return null;
  // A column the header names after the ones known (证明材料, 备注): its cells follow the criteria.
  const trailing = i > at && i < frags.length && frags[i].line === frags[i - 1].line;
  return { roles, body: i, trailing };
}

const INT = /^\d{1,2}$/;
/** A clause number in a 前附表 (2.2.4(1)). */
const CLAUSE_NO = /^\d+(?:\.\d+)+(?:[（(]\d+[）)])?$/;
const POINTS = /^(\d{1,3}(?:\.\d+)?)\s*分?$/;
const CAT_CELL =
  /^(技术|商务|价格|报价|资信|服务|综合|其他|经济|信誉|业绩)(部分|类|评分|评审|分|标|项|因素|得分|评分项)?\s*([（(]\s*\d+(?:\.\d+)?\s*分\s*[）)])?$/;
const TOTAL = /^(合计|总计|总分|小计|满分|合\s*计)/;
/** A group row spanning the table (一、商务部分（20分）): a label for the rows under it. */
const GROUP_ROW =
  /^(?:[一二三四五六七八九十]+[、.．]|[（(][一二三四五六七八九十]+[)）])?\s*[^，。；\d]{2,14}[（(]\s*\d+(?:\.\d+)?\s*分\s*[）)]$/;
const NAME_WITH_POINTS = /^[^，。；：:]{2,40}[（(]\s*(?:满分|最高)?\s*\d+(?:\.\d+)?\s*分\s*[）)]$/;

/** Criteria text, not a (wrapped) factor name: sentences, scoring words, or long. */
const looksCriteria = (s: string) => /[，,。；;：:]|得\d|得分|\d分/.test(s) || s.length > 24;
/** A short tail of a factor name that wrapped onto the next line (设计 / 的分析及对策). */
const nameTail = (s: string) => s.length <= 12 && !/[，,。；;：:、%％]|\d|得|分$|分[；;。，,）)]/.test(s);

/** Rows of the table whose header starts at `at`; empty when the fragments do not read as one. */
export function readTable(frags: Frag[], at: number): TableRow[] {
  const h = headerAt(frags, at);
  if (!h) return [];
  const { roles } = h;
  const hasSeq = roles.includes('seq');
  const hasCat = roles.includes('cat');
  const hasPoints = roles.includes('points');
  const critIdx = roles.indexOf('criteria');
  const pointsIdx = roles.indexOf('points');
  const rows: TableRow[] = [];
  let row: TableRow | null = null;
  let p = 0;
  let nextSeq = 1;
  let firstLineCells = 0;
  let skipTotal = false;
  let group: string | null = null;
  let nameLine = -1;
  let ended = false;
  // done() empties `row` inside a closure, which the compiler's narrowing does not follow: the loop
  // reads it through current(), typed as it is declared.
  const current = (): TableRow | null => row;
  const done = () => {
    const r = row;
    row = null;
    if (!r || !r.name) return;
    // A "row" without points after scored rows is what follows the table (forms, the next
    // section): the table has ended.
    if (rows.length >= 2 && hasPoints && r.points == null && !NAME_WITH_POINTS.test(r.name)) {
      ended = true;
      return;
    }
    rows.push(r);
  };
  const open = (f: Frag) => {
    done();
    row = { cat: group, seq: null, name: '', points: null, criteria: '', start: f.start, end: f.end };
    p = 0;
    firstLineCells = f.lineCells;
  };
  for (let i = h.body; i < frags.length && !ended; i++) {
    const f = frags[i];
    const t = f.text;
    if (skipTotal) {
      skipTotal = false;
      if (POINTS.test(t)) continue;
    }
    if (TOTAL.test(t) && t.length <= 8) {
      done();
      skipTotal = true;
      continue;
    }
    // A new header (the next 包's table) ends this one.
    if (headerAt(frags, i)) break;
    const cur = current();
    const filled = cur && cur.name && p >= roles.indexOf('name');
    if (
      hasPoints &&
      !hasCat &&
      GROUP_ROW.test(t) &&
      f.lineCells === 1 &&
      (!cur || (filled && p > roles.indexOf('name')))
    ) {
      done();
      group = t;
      continue;
    }
    // Row starts.
    if (!cur) {
      if (
        hasSeq &&
        !INT.test(t) &&
        !(hasCat && CAT_CELL.test(t)) &&
        !NAME_WITH_POINTS.test(t) &&
        !f.lineStart
      )
        continue;
      if (looksCriteria(t) && !NAME_WITH_POINTS.test(t) && !(hasCat && CAT_CELL.test(t))) {
        if (rows.length) break;
        continue;
      }
      open(f);
    } else if (filled) {
      const seqStart =
        hasSeq &&
        INT.test(t) &&
        Number(t) === nextSeq &&
        p > roles.indexOf('name') &&
        !(pointsIdx > critIdx && cur.points == null && p >= critIdx);
      const catStart =
        hasCat &&
        CAT_CELL.test(t) &&
        p > roles.indexOf('name') &&
        (!hasSeq || INT.test(frags[i + 1]?.text ?? ''));
      const namedStart = !hasPoints && NAME_WITH_POINTS.test(t);
      const clauseStart = hasSeq && CLAUSE_NO.test(t);
      const lineStart =
        !hasSeq &&
        !hasCat &&
        f.lineStart &&
        f.lineCells >= roles.length - 1 &&
        f.lineCells >= 2 &&
        p > roles.indexOf('name');
      const complete = pointsIdx > critIdx && cur.points != null;
      // Without sequence cells a row starts where a factor name is followed by its points.
      const nameThenPoints =
        !hasSeq &&
        !hasCat &&
        pointsIdx === roles.indexOf('name') + 1 &&
        p === roles.length - 1 &&
        /[。；;]$/.test(cur.criteria) &&
        !looksCriteria(t) &&
        [1, 2, 3].some(
          (k) =>
            POINTS.test(frags[i + k]?.text ?? '') &&
            frags.slice(i, i + k).every((g) => !looksCriteria(g.text)),
        );
      if (
        seqStart ||
        clauseStart ||
        catStart ||
        namedStart ||
        lineStart ||
        nameThenPoints ||
        (complete && !looksCriteria(t))
      )
        open(f);
      else if (
        f.lineStart &&
        firstLineCells >= 3 &&
        f.lineCells < firstLineCells &&
        f.line !== frags[i - 1]?.line
      ) {
        // A continuation line of a row: a wrapped name's tail, then the criteria's.
        const next = frags[i + 1];
        const lastCont =
          !next || next.line !== f.line
            ? !next || INT.test(next.text) || next.lineCells >= firstLineCells
            : false;
        const closed = /[。；;]$/.test(frags[i - 1]?.text ?? '');
        // (Under a header with a column after the criteria, a short cell after the criteria's last
        // sentence is that column's: 开标一览表, 合同关键页复印件.)
        if (f.lineCells >= 2 || (nameTail(t) && lastCont && closed && !h.trailing)) {
          cur.name += t;
          cur.end = Math.max(cur.end, f.end);
          if (f.lineCells >= 2) {
            for (let k = 1; k < f.lineCells; k++) {
              const g = frags[i + k];
              if (!g) break;
              cur.criteria += g.text;
              cur.end = g.end;
            }
            i += f.lineCells - 1;
          }
          continue;
        }
      }
    }
    const r = current();
    if (!r) continue;
    r.end = Math.max(r.end, f.end);
    // Fill the role at p, skipping roles whose cell is absent (merged cells, group rows).
    for (;;) {
      const role = roles[p];
      if (role === undefined) {
        r.criteria += t;
        break;
      }
      if (role === 'cat') {
        p += 1;
        // (On a row that fills every column, the cell after the serial is the category's, whatever
        // it reads: 2 | 类似业绩 | 抽水蓄能…业绩 | … | 6 under 序号 | 评审因素 | 评审子项 | ….)
        const fullRow = f.lineCells >= roles.length && (f.lineStart || frags[i - 1]?.line === f.line);
        if (CAT_CELL.test(t) || (fullRow && !INT.test(t))) {
          r.cat = t;
          break;
        }
        continue;
      }
      if (role === 'seq') {
        p += 1;
        if (INT.test(t) || CLAUSE_NO.test(t)) {
          r.seq = t;
          if (INT.test(t)) nextSeq = Number(t) + 1;
          break;
        }
        continue;
      }
      if (role === 'name') {
        if (!r.name) {
          r.name = t;
          nameLine = f.line;
          break;
        }
        const nextRole = roles[p + 1];
        // The next cell on the name's own line is the next column, however it reads.
        if (nextRole && !f.lineStart && f.line === nameLine) {
          p += 1;
          continue;
        }
        if (nextRole === 'points' && POINTS.test(t)) {
          p += 1;
          continue;
        }
        // A name that closed with its points (施工方案（12分）) is complete.
        if (nextRole === 'criteria' && (looksCriteria(t) || NAME_WITH_POINTS.test(r.name))) {
          p += 1;
          continue;
        }
        if (nextRole === undefined) {
          r.criteria += t;
          break;
        }
        r.name += t;
        nameLine = f.line;
        break;
      }
      if (role === 'points') {
        p += 1;
        const m = POINTS.exec(t);
        if (m) {
          r.points = Number(m[1]);
          break;
        }
        continue;
      }
      // criteria
      const after = roles[p + 1];
      // "…一般的得 / 3分": a number that completes the criteria's sentence is not the points cell.
      if (
        after === 'points' &&
        POINTS.test(t) &&
        r.criteria &&
        !/(得|扣|加|减|计|为|最高|至|-)$/.test(r.criteria)
      ) {
        p += 1;
        continue;
      }
      // Criteria that run on for pages are the text after the table: it ended here.
      if (r.criteria.length + t.length > 1200) {
        ended = true;
        break;
      }
      r.criteria += t;
      break;
    }
  }
  done();
  return rows;
}

/** Every table in the fragments, each read from its header. */
export function readTables(frags: Frag[]): Array<{ at: number; rows: TableRow[] }> {
  const out: Array<{ at: number; rows: TableRow[] }> = [];
  for (let i = 0; i < frags.length; i++) {
    if (!headerAt(frags, i)) continue;
    const rows = readTable(frags, i);
    if (rows.length) out.push({ at: frags[i].start, rows });
    while (i + 1 < frags.length && headerAt(frags, i + 1)) i += 1;
  }
  return out;
}
