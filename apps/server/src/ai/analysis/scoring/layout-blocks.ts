import type { Line } from '../lines.ts';
import { catCell, headerRole, nameLike, numberValue } from './cells.ts';
import { categoryOfLabel } from './category.ts';
import type { Proposal, ProposedItem, Reader } from './types.ts';

/**
 * `pdftotext -layout` text of a table: each row is a band of lines between blank lines, its cells
 * side by side at fixed character columns, a cell's text wrapped inside its column (水质监测及达标
 * 保障措 / 施). Words are sorted into columns by where they start: left of the criteria column a
 * word continues the name, a short number is the points, a leading 1 / 1.1 the serial. A row with
 * a name and no points of its own is a category (技术部分（45 分）) or a merged category cell.
 */

interface Word {
  text: string;
  x: number;
  start: number;
  /** A category label set one space after the serial (1 价格分 投标报价). */
  cat?: boolean;
}

/** Cells beside the name that say nothing about the item (主观/客观 columns). */
const SKIP = /^(主观|客观|主观分|客观分|定性|定量|—|-|\/)$/;

const SERIAL = /^(\d{1,2}(?:\.\d{1,2})?|[一二三四五六七八九十]+、?)$/;

function wordsOf(l: Line): Word[] {
  const out: Word[] = [];
  const re = /\S+(?: \S+)*/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(l.text))) {
    // A run ending in a lone number after a single space is a cell and its points (…一般的 8), and
    // so is one whose points a 主观/客观 cell follows (…优的 8 主观).
    const tail = / (\d{1,3}(?:\.\d)?)(?: (主观|客观|主观分|客观分|定性|定量))?$/.exec(m[0]);
    if (tail && tail.index > 0) {
      out.push({ text: m[0].slice(0, tail.index), x: m.index, start: l.start + m.index });
      const at = m.index + tail.index + 1;
      out.push({ text: tail[1], x: at, start: l.start + at });
      const kind = at + tail[1].length + 1;
      if (tail[2]) out.push({ text: tail[2], x: kind, start: l.start + kind });
    } else out.push({ text: m[0], x: m.index, start: l.start + m.index });
  }
  return out;
}

/** The commonest value (the smallest of equals). */
function mode(xs: number[]): number | null {
  const counts = new Map<number, number>();
  for (const x of xs) counts.set(x, (counts.get(x) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]?.[0] ?? null;
}

interface Columns {
  header: string;
  rows: Line[];
  nameX: number;
  critX: number;
  /** The points column stands right of the criteria (序号 | 评分项 | 评分标准 | 分值). */
  pointsRight: boolean;
}

/** Whether the header puts its points label right of its criteria label. */
function pointsRightOf(header: string): boolean {
  const at = (role: string) => [...header.matchAll(/\S+/g)].find((m) => headerRole(m[0]) === role)?.index;
  const p = at('points');
  const c = at('criteria');
  return p != null && c != null && p > c;
}

/**
 * The table's header and its columns, learned from the data: names start where most short words
 * do (a category column, when there is one, further left); criteria where most long runs right of
 * them do.
 */
function layoutColumns(lines: Line[], singleSpaced = false): Columns | null {
  // The header: a line whose words are mostly header labels (set one space apart when the
  // columns are narrow: 评审类别 序号 评审要素 分值 类型 评审标准).
  const h = lines.findIndex((l) => {
    const ws = l.text.trim().split(/\s{2,}/);
    if (ws.length >= 3 && ws.filter((w) => headerRole(w)).length >= 3) return true;
    const one = l.text.trim().split(/\s+/);
    return (
      singleSpaced &&
      one.length >= 3 &&
      one.filter((w) => headerRole(w)).length >= Math.max(3, one.length * 0.6)
    );
  });
  if (h < 0) return null;
  const header = lines[h].text.trim();
  const rows = lines.slice(h + 1);
  const words = rows.flatMap((l) => wordsOf(l));
  // (A name one space after its serial, and after a category label there — 1 价格分 投标报价 —
  // starts where its own piece does.)
  const afterSerial = words.flatMap((w) => {
    const m = /^(\d{1,2} )(?:(\S+) )?(\S)/.exec(w.text);
    if (!m) return [];
    const label = m[2] != null && !!catCell(m[2]);
    return [w.x + m[1].length + (m[2] == null ? 0 : label ? m[2].length + 1 : 0)];
  });
  const nameX = mode([
    ...words
      .filter(
        (w) =>
          w.text.length <= 12 &&
          !SERIAL.test(w.text) &&
          !/^\d{1,2} /.test(w.text) &&
          !SKIP.test(w.text) &&
          numberValue(w.text) == null,
      )
      .map((w) => w.x),
    ...afterSerial,
  ]);
  if (nameX == null) return null;
  const longX = words.filter((w) => w.text.length >= 12 && w.x > nameX + 2).map((w) => w.x);
  if (longX.length < 4) return null;
  return { header, rows, nameX, critX: mode(longX)!, pointsRight: pointsRightOf(lines[h].text) };
}

export const readLayoutBlocks: Reader = (lines, isNoise, lot) => {
  const cols = layoutColumns(lines);
  if (!cols) return null;
  const { header, rows, nameX, critX } = cols;
  const blocks: Line[][] = [[]];
  for (const l of rows) {
    if (!l.text.trim() || isNoise(l.text) || l.text.trim() === header) {
      if (blocks[blocks.length - 1].length) blocks.push([]);
      continue;
    }
    if (/^\s*(合\s*计|总\s*计)/.test(l.text)) break;
    blocks[blocks.length - 1].push(l);
  }
  const items: ProposedItem[] = [];
  const subtotals: Proposal['subtotals'] = [];
  let group: string | null = null;
  for (const b of blocks) {
    if (!b.length) continue;
    let serial: string | null = null;
    const name: Word[] = [];
    const crit: string[] = [];
    const cat: string[] = [];
    let points: Word | null = null;
    for (const l of b) {
      for (const w of wordsOf(l)) {
        const v = numberValue(w.text);
        if (!serial && w.x < nameX + 2 && SERIAL.test(w.text)) serial = w.text;
        else if (v != null && w.text.length <= 6 && !points) points = w;
        else if (w.x < nameX - 2) cat.push(w.text);
        else if (w.x < critX - 2) {
          // A name run that reaches into the criteria column carries the criteria's first words.
          const room = critX - 2 - w.x;
          if (w.text.length > room + 2 && w.text.includes(' ')) {
            const cut = w.text.lastIndexOf(' ', room + 2);
            if (cut > 0) {
              name.push({ ...w, text: w.text.slice(0, cut) });
              crit.push(w.text.slice(cut + 1));
              continue;
            }
          }
          name.push(w);
        } else crit.push(w.text);
      }
    }
    const nm = name.map((w) => w.text.replace(/\s+/g, '')).join('');
    const catText = cat.join('').replace(/\s+/g, '');
    if (catText) {
      const cc = catCell(catText);
      const label = cc?.label ?? catText.replace(/[（(].*$/, '');
      if (label) group = label;
    }
    if (!nm) continue;
    const cc = catCell(nm);
    if (cc && (!points || cc.points != null)) {
      group = cc.label;
      if (cc.points != null)
        subtotals.push({
          label: cc.label,
          category: categoryOfLabel(cc.label),
          points: cc.points,
          span: { start: b[0].start, end: b[b.length - 1].end },
        });
      continue;
    }
    if (!nameLike(nm) || !points) continue;
    items.push({
      name: nm,
      points: numberValue(points.text),
      criteria: crit.join(''),
      category: group ? categoryOfLabel(group) : null,
      group,
      lot,
      span: { start: b[0].start, end: b[b.length - 1].end },
      nameSpan: { start: name[0].start, end: name[0].start + name[0].text.length },
      pointsSpan: { start: points.start, end: points.start + points.text.length },
      serial: serial && /^\d+$/.test(serial) ? Number(serial) : null,
    });
  }
  return items.length >= 2 ? { reader: 'layout-blocks', lot, items, subtotals } : null;
};

/** A category cell's label, in the table's leftmost column or with its points (技术部分, （52分）). */
function leftCategory(w: Word): boolean {
  if (w.cat) return true;
  const c = catCell(w.text.replace(/\s+/g, ''));
  return !!c && (w.x <= 3 || c.points != null);
}

/**
 * A word set one space from a serial or points beside it (价格部分 1, 11 项目团队配, 总体架构设 8),
 * a category label one space after the serial (1 价格分 投标报价), and the criteria's first words
 * one space after a name (本地化服务网点 在渚阳市内设有…) are words of their own.
 */
function splitTokens(ws: Word[], critX: number): Word[] {
  return ws.flatMap((w, k) => {
    if (w.x >= critX - 2 || !w.text.includes(' ')) return [w];
    const out: Word[] = [];
    let at = 0;
    for (const piece of w.text.split(' ')) {
      const prev = out[out.length - 1];
      const num = (t: string) => /^\d{1,3}(?:\.\d)?$|^[（(]\d{1,3}分[）)]$/.test(t);
      const x = w.x + at;
      // (The serial in this run, or alone before it: 5   技术分 现场测量与排架方.)
      const afterSerial = prev
        ? out.length === 1 && /^\d{1,2}$/.test(prev.text)
        : k === 1 && /^\d{1,2}$/.test(ws[0].text);
      const label = afterSerial && !!catCell(piece) && catCell(piece)!.points == null;
      if (prev && !num(piece) && !num(prev.text) && !prev.cat && x < critX - 2) prev.text += ` ${piece}`;
      else out.push({ text: piece, x, start: w.start + at, ...(label ? { cat: true } : {}) });
      at += piece.length + 1;
    }
    // (A label with no name after it on the line is the name: 1 价格分 30.)
    out.forEach((o, i) => {
      const next = out[i + 1];
      if (o.cat && (!next || /^\d/.test(next.text) || next.x >= critX - 2)) delete o.cat;
    });
    return out;
  });
}

/**
 * Rows read around their serial lines, for `-layout` text whose rows no blank line parts (rows
 * printed close together, or every line double-spaced): a row is its serial line (序号, points, the
 * criteria's middle line) and the name's pieces right above and below it, left of the criteria
 * (需求理解与 / 2 总体架构设 8 主观 … / 计). A piece between two rows belongs to the nearer serial line.
 * A merged category cell prints in the middle of its rows, so categories come from the names.
 */
export const readLayoutSerialRows: Reader = (lines, isNoise, lot) => {
  const cols = layoutColumns(lines, true);
  if (!cols) return null;
  const { header, rows, critX } = cols;
  const body = rows.filter((l) => l.text.trim());
  // Page furniture and a repeated header part the table: nothing is read across them.
  const headerLike = (t: string) =>
    t.trim() === header ||
    t
      .trim()
      .split(/\s+/)
      .filter((w) => headerRole(w)).length >= 2;
  // (A header's labels wrapped onto a second line, 序 / 号 and 评分类 / 别, are the header too.)
  const headerWrap = (k: number) =>
    (k === 0 || headerLike(body[k - 1].text)) &&
    body[k].text
      .trim()
      .split(/\s+/)
      .every((w) => /^[\u4e00-\u9fa5]{1,2}$/.test(w));
  const barrier = body.map(
    (l, k) => isNoise(l.text) || headerLike(l.text) || headerWrap(k) || /^\s*(合\s*计|总\s*计)/.test(l.text),
  );
  const ws = body.map((l) => splitTokens(wordsOf(l), critX));
  const isPiece = (w: Word) =>
    w.x < critX - 2 &&
    w.text.length <= 12 &&
    nameLike(w.text) &&
    numberValue(w.text) == null &&
    !SKIP.test(w.text) &&
    !leftCategory(w) &&
    !/^[（(]/.test(w.text);
  const leadOf = (k: number) => {
    // (A category's points wrapped onto the row's line, （28分）, stand before the serial.)
    const words = ws[k].filter((w) => !leftCategory(w) && !/^[（(]\d{1,3}分[）)]$/.test(w.text));
    const first = words[0];
    return first && /^\d{1,2}$/.test(first.text) && first.x < critX - 2 ? { first, words } : null;
  };
  const pointsOn = (k: number, after: number) =>
    barrier[k] ? null : ws[k].find((w) => w.x > after && w.x < critX - 1 && numberValue(w.text) != null);
  // A points column right of the criteria: a row's points are the last number on the line nearest
  // its serial line that ends in one, between the rows before and after it (the criteria wrap
  // around the serial line, the points stand in the row's middle).
  const rightOn = (k: number) => {
    const tail = ws[k].filter((w) => !SKIP.test(w.text));
    const last = tail[tail.length - 1];
    return last && last.x > critX + 2 && /^\d{1,3}(?:\.\d+)?$/.test(last.text) ? last : null;
  };
  const leads = body.flatMap((_, k) => (!barrier[k] && leadOf(k) ? [k] : []));
  const claimed = new Set<number>();
  const rightPoints = (k: number) => {
    const i = leads.indexOf(k);
    const lo = i > 0 ? leads[i - 1] : -1;
    const hi = i + 1 < leads.length ? leads[i + 1] : body.length;
    for (let d = 0; d < hi - lo; d++)
      for (const j of d ? [k + d, k - d] : [k]) {
        if (j <= lo || j >= hi || claimed.has(j)) continue;
        if (barrier.slice(Math.min(j, k), Math.max(j, k) + 1).some(Boolean)) continue;
        const w = rightOn(j);
        if (w) {
          claimed.add(j);
          return w;
        }
      }
    return null;
  };
  const serialOf = (k: number) => {
    const lead = barrier[k] ? null : leadOf(k);
    if (!lead) return null;
    const { first, words } = lead;
    const name = words.slice(1).find(isPiece);
    if (cols.pointsRight) {
      const points = rightPoints(k);
      return points ? { serial: Number(first.text), points, name: name ?? null } : null;
    }
    // The points stand on the serial's line, or on the line below or above it when the row's
    // middle falls between two printed lines (10 同类项目业 / 绩 8 客观 …).
    const near = (j: number) => (j >= 0 && j < body.length && !leadOf(j) ? pointsOn(j, first.x) : null);
    const points =
      words.slice(1).find((w) => w.x > first.x && w.x < critX - 1 && numberValue(w.text) != null) ??
      near(k + 1) ??
      near(k - 1);
    return points ? { serial: Number(first.text), points, name: name ?? null } : null;
  };
  const serialAt = new Map(
    body.flatMap((_, k) => {
      const r = serialOf(k);
      return r ? [[k, r] as const] : [];
    }),
  );
  const serials = [...serialAt.keys()];
  if (serials.length < 2) return null;
  // Every piece of the name column in reading order, on serial lines and between them.
  const all = body.flatMap((_, k) => {
    if (barrier[k]) return [];
    const w = serialAt.has(k) ? serialAt.get(k)!.name : (ws[k].find(isPiece) ?? null);
    return w ? [{ k, w }] : [];
  });
  const len = (w: Word) => w.text.replace(/\s+/g, '').length;
  // The column's width: the commonest length of its pieces (a wrapped name's pieces fill it).
  const width = mode(all.map((p) => len(p.w)).filter((n) => n >= 3)) ?? 0;
  const covers = (from: number, to: number) => serials.filter((x) => x >= from && x <= to);
  // A name runs on while its pieces fill the column, and never over two serial lines.
  const names: Array<Array<{ k: number; w: Word }>> = [];
  for (const p of all) {
    const cur = names[names.length - 1];
    const open = cur && len(cur[cur.length - 1].w) >= width && covers(cur[0].k, p.k).length <= 1;
    if (open) cur.push(p);
    else names.push([p]);
  }
  const byRow = new Map<number, Word[]>();
  for (const n of names) {
    const [s] = covers(n[0].k, n[n.length - 1].k);
    // A name wholly above or below its row's line: the nearer serial line (ties go below).
    const near =
      s ??
      [...serials].sort(
        (x, y) =>
          Math.min(Math.abs(x - n[0].k), Math.abs(x - n[n.length - 1].k)) -
            Math.min(Math.abs(y - n[0].k), Math.abs(y - n[n.length - 1].k)) || y - x,
      )[0];
    if (s == null && (byRow.has(near) || Math.abs(near - n[0].k) > 2)) continue;
    if (!byRow.has(near))
      byRow.set(
        near,
        n.map((p) => p.w),
      );
  }
  const items: ProposedItem[] = [];
  for (const s of serials) {
    const { serial, points } = serialAt.get(s)!;
    const pieces = byRow.get(s) ?? [];
    if (!pieces.length) continue;
    const name = pieces.map((w) => w.text.replace(/\s+/g, '')).join('');
    if (!nameLike(name)) continue;
    const last = pieces[pieces.length - 1];
    items.push({
      name,
      points: numberValue(points.text),
      criteria: ws[s]
        .filter((w) => w.x >= critX - 2)
        .map((w) => w.text)
        .join(''),
      category: null,
      group: null,
      lot,
      span: {
        start: Math.min(pieces[0].start, body[s].start),
        end: Math.max(last.start + last.text.length, body[s].end),
      },
      nameSpan: { start: pieces[0].start, end: pieces[0].start + pieces[0].text.length },
      pointsSpan: { start: points.start, end: points.start + points.text.length },
      serial,
    });
  }
  return items.length >= 2 ? { reader: 'layout-serial-rows', lot, items, subtotals: [] } : null;
};
