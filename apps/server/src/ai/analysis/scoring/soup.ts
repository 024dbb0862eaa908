import type { Line } from '../lines.ts';
import { catCell, headerRole, isTotalName, nameLike, numberValue } from './cells.ts';
import { categoryOfLabel } from './category.ts';
import type { Proposal, ProposedItem, Reader, Span } from './types.ts';

/**
 * A table as plain `pdftotext` (no -layout) gives it: the cells of a row come out one after another,
 * a cell's wrapped lines on lines of their own, a short cell sometimes glued to its neighbour by a
 * space (「图像质量及临床演示 作便捷的得 7-8 分；」, 「…最多得 6 6」), a merged category cell printed
 * in the middle of its rows. What stays true in any such text: a factor's name is a short line
 * without sentence punctuation, wrapped at the width of its column (保安服务总体方 / 案); its points
 * are a lone number; criteria are sentences. Pieces are read in order: a name starts an item (or
 * continues a name cut at the column's width), the next lone number is its points, a serial on
 * its own line starts the next row.
 */

type Piece =
  | { kind: 'num'; value: number; span: Span; lead: boolean }
  | { kind: 'name'; text: string; span: Span; whole?: boolean }
  | { kind: 'cat'; label: string; points: number | null; span: Span }
  | { kind: 'text'; text: string; span: Span }
  | { kind: 'page' }
  | { kind: 'end' };

/** What may follow a number without it being a serial: units and counts (15 分钟, 2024 年). */
const UNIT_AFTER = /^(分|年|月|日|天|个|项|名|人|家|次|份|小时|%|％|万|元|米|台|套|把|级|周)/;
/** A number at a line's end right after one of these is part of the sentence (最多得 6 | 不超过 15). */
const WORD_BEFORE = /[得扣加减第于过计为至约共达每满超低高前后内]$/;

const SENTENCE = /[，,。；;！？]/;
const MAX_NAME = 16;

/** Where a sentence, not a name, is cut: 「…负偏离扣」「的价格给予…」「间不超过」. */
const CUT_END = /[得的扣于为过每按或和与在对被将把使至从向以]$/;
const CUT_START = /^(?:[的得和或在对按以由如若并且但则即也之]|其(?![他它]))/;

function isNameFragment(t: string): boolean {
  const s = t.replace(/\s+/g, '');
  if (!s || s.length > MAX_NAME || SENTENCE.test(s) || /\d/.test(s)) return false;
  if (CUT_END.test(s) || CUT_START.test(s)) return false;
  // A rule's first words cut at the column's width (结合集镇主街及村道现状制定分段施, 针对本项目…).
  if (s.length >= 6 && /^(?:结合|针对(?!性)|根据|依据|通过|对于|按照)/.test(s)) return false;
  // A block's title cut before its last word (项目管理机构评分 / 标准): not the row's name.
  if (s.length >= 5 && /(?:评分|评审)$/.test(s)) return false;
  // A bracket closed or opened on another line: the end or start of a sentence (…保留两位小数）).
  const opens = (s.match(/[（(]/g) ?? []).length;
  const closes = (s.match(/[)）]/g) ?? []).length;
  if (opens !== closes) return false;
  if (headerRole(s) || /^(小计|合计|总计)/.test(s) || isTotalName(s)) return false;
  return nameLike(s);
}

function piecesOf(l: Line): Piece[] {
  const out: Piece[] = [];
  let text = l.text;
  let at = l.start;
  const trimmed = text.replace(/^\s+/, '');
  at += text.length - trimmed.length;
  text = trimmed.replace(/\s+$/, '');
  if (!text) return out;
  const span = (a: number, b: number): Span => ({ start: at + a, end: at + b });
  /** A row's name (at the body's start, if any), its points at `p` in the body, and the rest as criteria. */
  const rowPieces = (
    body: string,
    offset: number,
    name: string | null,
    points: string,
    p: number,
    rest?: string,
    whole?: boolean,
  ) => {
    if (name) out.push({ kind: 'name', text: name, span: span(offset, offset + name.length), whole });
    out.push({
      kind: 'num',
      value: Number(points),
      span: span(offset + p, offset + p + points.length),
      lead: false,
    });
    if (rest)
      out.push({
        kind: 'text',
        text: rest,
        span: span(offset + body.length - rest.length, offset + body.length),
      });
  };
  // A leading clause code (2.2.4（3） 投标报价（40 分）) marks a row; only its place is kept.
  const code = /^\d{1,2}(?:\.\d{1,2}){1,3}(?:[（(]\d{1,2}[)）])?\s+(?=\S)/.exec(text);
  if (code) {
    at += code[0].length;
    text = text.slice(code[0].length);
  }
  // A leading serial or letter code: 6 安防消防设施运 … | A3 等保整改及移动端升级方案 …
  const lead = /^(?:[A-Za-z]{1,2}[-‐]?)?(\d{1,2})\s+(?=\S)/.exec(text);
  let body = text;
  let offset: number = 0;
  // (A bare number before a unit is a quantity, 15 日; a letter code never is.)
  if (lead && (/^[A-Za-z]/.test(lead[0]) || !UNIT_AFTER.test(text.slice(lead[0].length)))) {
    const code = lead[0].trimEnd();
    out.push({ kind: 'num', value: Number(lead[1]), span: span(0, code.length), lead: true });
    offset = lead[0].length;
    body = text.slice(offset);
  }
  // A row written name, points, criteria with spaces: 施工方案与技术措施 8分 工艺流程合理…
  const row = /^(\S{2,20})\s+(\d{1,3}(?:\.\d)?)\s*分(?:\s+(\S.*))?$/.exec(body);
  if (row && isNameFragment(row[1])) {
    rowPieces(body, offset, row[1], row[2], body.indexOf(row[2], row[1].length), row[3], true);
    return out;
  }
  // Trailing points: … 扣除 20 | 最多得 6 6 | 并配 7
  let tail: Piece | null = null;
  const end = /\s(\d{1,3}(?:\.\d)?)$/.exec(body);
  if (end && !WORD_BEFORE.test(body.slice(0, end.index).trimEnd())) {
    tail = {
      kind: 'num',
      value: Number(end[1]),
      span: span(offset + end.index + 1, offset + body.length),
      lead: false,
    };
    body = body.slice(0, end.index).trimEnd();
  }
  // A category row with its points: 二、服务方案部分 50
  const cat = tail?.kind === 'num' && body ? catCell(`${body}（${tail.value}分）`) : null;
  if (cat && tail?.kind === 'num') {
    out.push({ kind: 'cat', label: cat.label, points: cat.points, span: span(offset, tail.span.end - at) });
    return out;
  }
  // A name and its points glued by the PDF's text (施工方案与技术措施8): a whole row's start.
  const glued = !tail ? /^([^\s\d]{2,16}?)(\d{1,2}(?:\.\d)?)$/.exec(body) : null;
  if (glued && isNameFragment(glued[1])) {
    rowPieces(body, offset, glued[1], glued[2], glued[1].length, undefined, true);
    return out;
  }
  // The rest of a points bracket wrapped from the line before (施工方案与技术措施（10 / 分）).
  const rest = /^分\s*[)）]\s*/.exec(body);
  if (rest) {
    offset += rest[0].length;
    body = body.slice(rest[0].length);
  }
  // Points written in the factor's cell: 质量管理体系与措施（5分）, （4 分）, 施工方案（10 …
  const inName =
    /^([^\s（(，。；：:]{2,16})?\s*[（(]\s*(?:满分|最高)?\s*(\d{1,3}(?:\.\d)?)\s*(?:分\s*[)）]?)?(?=\s|$)\s*(.*)$/.exec(
      body,
    );
  if (inName && (inName[1] == null || isNameFragment(inName[1]))) {
    rowPieces(
      body,
      offset,
      inName[1] ?? null,
      inName[2],
      body.indexOf(inName[2], inName[1]?.length ?? 0),
      inName[3],
    );
    if (tail) out.push(tail);
    return out;
  }
  if (body) {
    const whole = classify(body, span(offset, offset + body.length));
    if (whole.kind !== 'text') out.push(whole);
    else {
      // A name glued before its criteria: 图像质量及临床演示 作便捷的得 7-8 分；
      const head = /^(\S{2,16})\s+(\S.*)$/.exec(body);
      if (head && isNameFragment(head[1]) && !head[1].includes('、') && head[2].length >= 4) {
        out.push({ kind: 'name', text: head[1], span: span(offset, offset + head[1].length) });
        const from = offset + body.length - head[2].length;
        out.push({ kind: 'text', text: head[2], span: span(from, offset + body.length) });
      } else out.push(whole);
    }
  }
  if (tail) out.push(tail);
  return out;
}

function classify(t: string, span: Span): Piece {
  const v = numberValue(t);
  if (v != null) return { kind: 'num', value: v, span, lead: false };
  const squeezed = t.replace(/\s+/g, '');
  if (/^(合计|总计|总分|合计得分)/.test(squeezed)) return { kind: 'end' };
  const c = catCell(t);
  if (c) return { kind: 'cat', label: c.label, points: c.points, span };
  if (isNameFragment(t)) return { kind: 'name', text: squeezed, span };
  return { kind: 'text', text: t, span };
}

interface Building {
  names: Array<{ text: string; span: Span }>;
  points: number | null;
  pointsSpan: Span | null;
  criteria: string[];
  serial: number | null;
  group: string | null;
  category: ProposedItem['category'];
  start: number;
  end: number;
  /** Points or criteria were met after the name: a later name fragment is not its continuation. */
  closedName: boolean;
  /** Opened by a bare category-like label (价格 / 类似项目业绩): an item only if points follow. */
  fromCat: boolean;
}

export const readSoup: Reader = (lines, isNoise, lot) => {
  // The header: header labels on their own lines or side by side; the rows start after it.
  // (A label wrapped in its cell, 评分方 / 式, leaves one word of the header unknown.)
  const isHeader = (t: string) => {
    const ws = t.trim().split(/\s+/);
    const known = ws.filter((w) => headerRole(w) != null).length;
    return (
      ws.length >= 1 && ws.length <= 7 && (known === ws.length || (known >= 3 && known >= ws.length - 1))
    );
  };
  const filled = lines.filter((l) => l.text.trim());
  const k0 = filled.findIndex(
    (l, i) =>
      isHeader(l.text) && (l.text.trim().split(/\s+/).length >= 2 || isHeader(filled[i + 1]?.text ?? '')),
  );
  const h = k0 < 0 ? -1 : lines.indexOf(filled[k0]);
  if (h < 0) return null;
  const pieces: Piece[] = [];
  for (const l of lines.slice(h)) {
    if (!l.text.trim()) continue;
    if (isNoise(l.text)) {
      pieces.push({ kind: 'page' });
      continue;
    }
    if (isHeader(l.text)) continue;
    pieces.push(...piecesOf(l));
  }
  // The name column's width: the longest fragments are the ones a wrap cut.
  const lengths = pieces.flatMap((p) => (p.kind === 'name' ? [p.text.length] : []));
  if (lengths.length < 2) return null;
  const width = Math.max(...lengths);

  const items: ProposedItem[] = [];
  const subtotals: Proposal['subtotals'] = [];
  let cur: Building | null = null;
  // close() empties `cur` inside a closure, which the compiler's narrowing does not follow: the loop
  // reads it through current(), typed as it is declared.
  const current = (): Building | null => cur;
  let group: { label: string; category: ProposedItem['category'] } | null = null;
  let lastSerial = 0;
  const close = () => {
    if (cur && cur.names.length && !(cur.fromCat && cur.points == null)) {
      const name = cur.names.map((n) => n.text).join('');
      items.push({
        name,
        points: cur.points,
        criteria: cur.criteria.join(''),
        category: cur.category,
        group: cur.group,
        lot,
        span: { start: cur.start, end: cur.end },
        nameSpan: { start: cur.names[0].span.start, end: cur.names[cur.names.length - 1].span.end },
        pointsSpan: cur.pointsSpan,
        serial: cur.serial,
      });
    }
    cur = null;
  };
  const open = (start: number, serial: number | null): Building => ({
    names: [],
    points: null,
    pointsSpan: null,
    criteria: [],
    serial,
    group: group?.label ?? null,
    category: group?.category ?? null,
    start,
    end: start,
    closedName: false,
    fromCat: false,
  });
  for (let k = 0; k < pieces.length; k++) {
    const p = pieces[k];
    let next: Piece | undefined;
    for (let j = k + 1; j < pieces.length && !next; j++) if (pieces[j].kind !== 'page') next = pieces[j];
    if (p.kind === 'end') break;
    if (p.kind === 'page') continue;
    const c = current();
    if (p.kind === 'cat') {
      const points = p.points;
      if (c?.fromCat && c.points == null) cur = null;
      if (points != null) {
        // A category row with its points heads the rows under it.
        close();
        group = { label: p.label, category: categoryOfLabel(p.label) };
        subtotals.push({ label: p.label, points, span: p.span, category: group.category });
        continue;
      }
      // A bare label is an item's name (投标报价, 类似项目业绩) when points follow it before the next
      // name, and a merged category cell printed mid-group when a name comes first.
      const fresh = current();
      if (fresh && !fresh.names.length) {
        fresh.names.push({ text: p.label, span: p.span });
        fresh.end = p.span.end;
        continue;
      }
      close();
      const b = open(p.span.start, null);
      b.group = null;
      b.category = null;
      b.fromCat = true;
      b.names.push({ text: p.label, span: p.span });
      cur = b;
      continue;
    }
    if (p.kind === 'num') {
      const serialNext =
        (p.value === lastSerial + 1 || (lastSerial === 0 && p.value === 1)) &&
        (next?.kind === 'name' || (next?.kind === 'cat' && next.points == null)) &&
        (p.lead || !c || c.points != null);
      if (serialNext) {
        close();
        lastSerial = p.value;
        cur = open(p.span.start, p.value);
        continue;
      }
      if (c && c.names.length && c.points == null) {
        c.points = p.value;
        c.pointsSpan = p.span;
        c.closedName = true;
        c.end = p.span.end;
      }
      continue;
    }
    if (p.kind === 'name') {
      if (c?.fromCat && c.points == null) {
        cur = open(p.span.start, null);
        cur.names.push({ text: p.text, span: p.span });
        cur.end = p.span.end;
        continue;
      }
      if (c && (!c.names.length || !c.closedName) && !(p.whole && c.names.length)) {
        c.names.push({ text: p.text, span: p.span });
        c.end = p.span.end;
        // A table's own title (企业信誉及业绩 / 评分标准) ends there: the next name is a row's.
        if (/标准$/.test(c.names.map((n) => n.text).join(''))) c.closedName = true;
        continue;
      }
      // A name cut at the column's width goes on after the criteria beside it (and a page break).
      const last = c?.names[c.names.length - 1];
      if (c && last && last.text.length >= width && width >= 4 && c.serial != null) {
        c.names.push({ text: p.text, span: p.span });
        c.end = p.span.end;
        continue;
      }
      close();
      cur = open(p.span.start, null);
      cur.names.push({ text: p.text, span: p.span });
      cur.end = p.span.end;
      continue;
    }
    // Criteria.
    if (c) {
      if (c.names.length) c.closedName = true;
      c.criteria.push(p.text);
      c.end = p.span.end;
    }
  }
  close();
  // A name with no number after it is another table's row (形式评审标准) or a stray line.
  const named = items.filter((it) => it.points != null);
  if (named.length < 2) return null;
  return { reader: 'soup', lot, items: named, subtotals };
};
