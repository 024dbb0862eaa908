/**
 * Tables in pasted text drawn with characters — pandoc's grid tables (+---+ and | cells), its
 * simple and multiline tables (runs of dashes over columns aligned by display width) and Markdown
 * pipe tables — rewritten as the rows an uploaded Word table gives: one line per row, cells joined
 * by TABs, a cell's wrapped lines joined. The readers then treat a pasted table as they treat an
 * uploaded one. Every character of the rewritten text keeps the offset it had in the paste, so the
 * passages the analysis points at are the writer's own text.
 */

export interface RowText {
  text: string;
  /** The offset in the original text of each character of `text`. */
  at: Int32Array;
}

interface Piece {
  text: string;
  start: number;
}

interface SrcLine {
  text: string;
  start: number;
}

const GRID_RULE = /^\s*[+|](?:[-=: ]*[+|])+\s*$/;
const PIPE_RULE = /^\s*\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)+\|?\s*$/;
const DASH_COLUMNS = /^\s*-{2,}(?: +-{2,})+\s*$/;
const DASH_LINE = /^\s*-{10,}\s*$/;

const isGridRule = (t: string) => GRID_RULE.test(t) && /\+/.test(t) && /[-=]{3}/.test(t);

/** Display width of a character as a monospaced paste shows it (CJK and full-width forms take two). */
function width(c: number): number {
  return (c >= 0x1100 && c <= 0x115f) ||
    (c >= 0x2e80 && c <= 0xa4cf) ||
    (c >= 0xac00 && c <= 0xd7a3) ||
    (c >= 0xf900 && c <= 0xfaff) ||
    (c >= 0xfe30 && c <= 0xfe4f) ||
    (c >= 0xff00 && c <= 0xff60) ||
    (c >= 0xffe0 && c <= 0xffe6)
    ? 2
    : 1;
}

/** A cell's pieces joined: wrapped lines run on (a space between two Latin words), paragraphs get a space. */
function joinPieces(pieces: Array<Piece | null>, out: Builder): void {
  let last = '';
  let gap = false;
  for (const p of pieces) {
    if (!p || !p.text) {
      gap = last !== '';
      continue;
    }
    if (last && (gap || (/[\x21-\x7e]$/.test(last) && /^[\x21-\x7e]/.test(p.text)))) out.push(' ', p.start);
    out.pushText(p.text, p.start);
    last = p.text;
    gap = false;
  }
}

class Builder {
  chars: string[] = [];
  at: number[] = [];
  push(c: string, origin: number): void {
    this.chars.push(c);
    this.at.push(origin);
  }
  pushText(t: string, start: number): void {
    for (let i = 0; i < t.length; i++) this.push(t[i], start + i);
  }
}

/** A piece of a line, trimmed, with its offset. */
function piece(line: SrcLine, from: number, to: number): Piece | null {
  const raw = line.text.slice(from, to);
  const lead = raw.length - raw.trimStart().length;
  const text = raw.trim();
  return text ? { text, start: line.start + from + lead } : null;
}

/** The cells of a `| a | b |` line (the bars themselves excluded). */
function barCells(line: SrcLine): Array<Piece | null> {
  const bars: number[] = [];
  for (let i = 0; i < line.text.length; i++)
    if (line.text[i] === '|' && line.text[i - 1] !== '\\') bars.push(i);
  const cells: Array<Piece | null> = [];
  const first = line.text.trimStart().startsWith('|') ? 0 : -1;
  const edges = first === 0 ? bars : [-1, ...bars];
  const lastBar = line.text.trimEnd().endsWith('|');
  if (!lastBar) edges.push(line.text.length);
  for (let k = 0; k + 1 < edges.length; k++) cells.push(piece(line, edges[k] + 1, edges[k + 1]));
  return cells;
}

/** One table row: its cells (each a list of pieces, wrapped lines in order) as a TAB row. */
function pushRow(cells: Array<Array<Piece | null>>, out: Builder, origin: number): void {
  // A row of empty cells (a blank form line) is kept as an empty line, as a Word table gives it.
  cells.forEach((pieces, k) => {
    if (k) out.push('\t', pieces.find((p) => p)?.start ?? origin);
    joinPieces(pieces, out);
  });
  out.push('\n', origin);
}

/** Lines of a grid table from `i`; returns the index after it. */
function gridTable(lines: SrcLine[], i: number, out: Builder): number {
  let block: Array<Array<Piece | null>> = [];
  const flush = (origin: number) => {
    if (block.length) pushRow(block, out, origin);
    block = [];
  };
  let j = i;
  for (; j < lines.length; j++) {
    const t = lines[j].text;
    if (isGridRule(t)) {
      flush(lines[j].start);
      continue;
    }
    if (!/^\s*\|/.test(t)) break;
    const cells = barCells(lines[j]);
    while (block.length < cells.length) block.push([]);
    cells.forEach((c, k) => block[k].push(c));
  }
  flush(lines[j - 1].start + lines[j - 1].text.length);
  return j;
}

/** A pipe table from its header line `i` (the rule is the next line). */
function pipeTable(lines: SrcLine[], i: number, out: Builder): number {
  pushRow(
    barCells(lines[i]).map((c) => [c]),
    out,
    lines[i].start,
  );
  let j = i + 2;
  for (; j < lines.length && /^\s*\|.*\|\s*$/.test(lines[j].text); j++)
    pushRow(
      barCells(lines[j]).map((c) => [c]),
      out,
      lines[j].start,
    );
  return j;
}

const BAR_ROW = /^\s*\|(?:[^|]*\|){3,}\s*$/;

/** How many lines from i on are whole bar rows (| a | b | c |), none of them a rule. */
function barRows(lines: SrcLine[], i: number): number {
  let j = i;
  while (j < lines.length && BAR_ROW.test(lines[j].text) && !PIPE_RULE.test(lines[j].text)) j++;
  return j - i;
}

/** Bar rows without a Markdown rule under the first (a table typed or copied with bars only). */
function bareBarTable(lines: SrcLine[], i: number, out: Builder): number {
  const end = i + barRows(lines, i);
  for (let j = i; j < end; j++)
    pushRow(
      barCells(lines[j]).map((c) => [c]),
      out,
      lines[j].start,
    );
  return end;
}

/** Display columns where each dash run of a column rule starts. */
function columnStarts(rule: string): number[] {
  const starts: number[] = [];
  let col = 0;
  for (let i = 0; i < rule.length; i++) {
    if (rule[i] === '-' && rule[i - 1] !== '-') starts.push(col);
    col += width(rule.charCodeAt(i));
  }
  return starts;
}

/** A line cut at display columns: each column's piece (a character belongs where it starts). */
function cutAt(line: SrcLine, starts: number[]): Array<Piece | null> {
  const bounds: number[] = [0];
  let col = 0;
  for (let i = 0, n = 1; i < line.text.length && n < starts.length; i++) {
    while (n < starts.length && col >= starts[n]) {
      bounds.push(i);
      n++;
    }
    col += width(line.text.charCodeAt(i));
  }
  while (bounds.length < starts.length) bounds.push(line.text.length);
  return starts.map((_, n) =>
    piece(line, bounds[n], n + 1 < starts.length ? bounds[n + 1] : line.text.length),
  );
}

/**
 * A pandoc simple or multiline table around its column rule at `r`, its header the lines above it
 * (up to a top dash line or a blank line). A table opened by a dash line, or with no header, runs to
 * its closing rule; its rows are groups of lines between blank lines when it has blank lines
 * (multiline), else single lines. A simple table with a header ends at its first blank line.
 * Returns the index after it.
 */
function dashTable(lines: SrcLine[], r: number, h: number, out: Builder): number {
  const starts = columnStarts(lines[r].text);
  const opened = h > 0 && DASH_LINE.test(lines[h - 1].text);
  const head: Array<Array<Piece | null>> = starts.map(() => []);
  for (let k = h; k < r; k++) cutAt(lines[k], starts).forEach((c, n) => head[n].push(c));
  if (r > h) pushRow(head, out, lines[h].start);
  let end = -1;
  if (opened || r === h) {
    for (let j = r + 1; j < lines.length && j < r + 400; j++) {
      if (DASH_LINE.test(lines[j].text) || DASH_COLUMNS.test(lines[j].text)) {
        end = j;
        break;
      }
      if (!lines[j].text.trim() && j + 1 < lines.length && !lines[j + 1].text.trim()) break;
    }
  }
  const body: SrcLine[] = [];
  if (end < 0) for (let j = r + 1; j < lines.length && lines[j].text.trim(); j++) body.push(lines[j]);
  else body.push(...lines.slice(r + 1, end));
  const grouped = body.some((l) => !l.text.trim());
  let row: Array<Array<Piece | null>> = starts.map(() => []);
  const flush = (origin: number) => {
    if (row.some((c) => c.some((p) => p))) pushRow(row, out, origin);
    row = starts.map(() => []);
  };
  for (const l of body) {
    if (!l.text.trim()) {
      flush(l.start);
      continue;
    }
    cutAt(l, starts).forEach((c, n) => row[n].push(c));
    if (!grouped) flush(l.start + l.text.length);
  }
  const last = body[body.length - 1] ?? lines[r];
  flush(last.start + last.text.length);
  return end < 0 ? r + 1 + body.length : end + 1;
}

/** The paste with its drawn tables as TAB rows, or null when it has none. */
export function pastedTablesAsRows(text: string): RowText | null {
  if (!/\+[-=]{3}|\|\s*:?-{3}|-{3,} +-{3,}|^\s*\|(?:[^|\n]*\|){3,}\s*$/m.test(text)) return null;
  const lines: SrcLine[] = [];
  let start = 0;
  for (const t of text.split('\n')) {
    lines.push({ text: t, start });
    start += t.length + 1;
  }
  const out = new Builder();
  let changed = false;
  // The first line copied as it was since the last table (a header can only be taken back from there).
  let plain = 0;
  for (let i = 0; i < lines.length;) {
    const t = lines[i].text;
    let next = i;
    if (isGridRule(t) && /^\s*\+/.test(t) && i + 1 < lines.length && /^\s*\|/.test(lines[i + 1].text)) {
      next = gridTable(lines, i, out);
    } else if (/^\s*\|.*\|\s*$/.test(t) && i + 1 < lines.length && PIPE_RULE.test(lines[i + 1].text)) {
      next = pipeTable(lines, i, out);
    } else if (barRows(lines, i) >= 3) {
      next = bareBarTable(lines, i, out);
    } else if (DASH_COLUMNS.test(t) && i > 0) {
      // The header lines above the rule were already copied as they were: take them back.
      let h = i;
      while (h > plain && lines[h - 1].text.trim() && !DASH_LINE.test(lines[h - 1].text)) h--;
      const top = h > plain && DASH_LINE.test(lines[h - 1].text) ? h - 1 : h;
      let drop = 0;
      for (let k = top; k < i; k++) drop += lines[k].text.length + 1;
      out.chars.length -= drop;
      out.at.length -= drop;
      next = dashTable(lines, i, h, out);
    }
    if (next > i) {
      changed = true;
      i = next;
      plain = next;
      continue;
    }
    out.pushText(t, lines[i].start);
    if (i + 1 < lines.length) out.push('\n', lines[i].start + t.length);
    i++;
  }
  if (!changed) return null;
  return { text: out.chars.join(''), at: Int32Array.from(out.at) };
}

/** Every {start, end} span in `value` moved from the rewritten text to the original. */
export function spansToOriginal<T>(value: T, at: Int32Array, length: number): T {
  const move = (s: number, e: number): [number, number] => {
    if (e <= s || !at.length) return [s, e];
    const a = at[Math.min(s, at.length - 1)];
    const b = at[Math.min(e - 1, at.length - 1)] + 1;
    return [a, Math.min(Math.max(b, a), length)];
  };
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (!v || typeof v !== 'object') return v;
    const o = v as Record<string, unknown>;
    const keys = Object.keys(o);
    if (keys.length === 2 && typeof o.start === 'number' && typeof o.end === 'number') {
      const [start, end] = move(o.start, o.end);
      return { start, end };
    }
    const copy: Record<string, unknown> = {};
    for (const k of keys) copy[k] = walk(o[k]);
    return copy;
  };
  return walk(value) as T;
}
