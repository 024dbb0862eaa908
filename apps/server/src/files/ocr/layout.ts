import type { OcrLine } from './engine.ts';
import type { Table } from './table.ts';

/**
 * Page text from recognised line boxes, laid out as the text layer of a PDF reads (files/parse-core
 * pageText): lines top to bottom; boxes that share a row band left to right, a wide gap between two
 * boxes becoming a TAB. A table row whose cells the detector found as separate boxes thus arrives as
 * one TAB-separated line, which is what the analysis's table readers expect.
 */

/** Lines read with less mean confidence than this are noise (a seal's ring, a speck). */
const MIN_CONFIDENCE = 0.5;

const isCjk = (c: string) => /[\u3400-\u9fff\uf900-\ufaff\u3000-\u303f\uff00-\uffef]/.test(c);
const isAlnum = (c: string) => /[0-9A-Za-z]/.test(c);

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[s.length >> 1] : 0;
}

/** Groups boxes into rows: a box joins a row when its middle lies within the row's vertical extent. */
export function rowBands(lines: OcrLine[]): OcrLine[][] {
  const sorted = [...lines].sort((a, b) => a.y0 + a.y1 - (b.y0 + b.y1));
  const rows: Array<{ top: number; bottom: number; items: OcrLine[] }> = [];
  for (const l of sorted) {
    const mid = (l.y0 + l.y1) / 2;
    const h = l.y1 - l.y0;
    const row = rows.find((r) => {
      const rh = r.bottom - r.top;
      // As the text layer breaks lines (parse-core pageText): a shift of half a text height, which
      // is a quarter of a box (boxes are grown past the ink). A merged cell centred on several rows
      // stays a line of its own, as in the text layer.
      const rmid = (r.top + r.bottom) / 2;
      return Math.abs(mid - rmid) < Math.min(h, rh) * 0.25;
    });
    if (row) {
      row.items.push(l);
      row.top = Math.min(row.top, l.y0);
      row.bottom = Math.max(row.bottom, l.y1);
    } else rows.push({ top: l.y0, bottom: l.y1, items: [l] });
  }
  rows.sort((a, b) => a.top + a.bottom - (b.top + b.bottom));
  return rows.map((r) => r.items.sort((a, b) => a.x0 - b.x0));
}

/**
 * Half-width punctuation read next to Chinese becomes full-width, as Chinese typesetting writes it
 * (the recogniser often cannot tell the two apart in a narrow crop).
 */
export function fullWidthPunctuation(s: string): string {
  const map: Record<string, string> = { ',': '，', ';': '；', ':': '：', '!': '！', '?': '？' };
  let out = '';
  let openFull = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    const prev = out[out.length - 1] ?? '';
    const next = s[i + 1] ?? '';
    if (map[c] && isCjk(prev) && !/\d/.test(next)) out += map[c];
    else if (c === '(' && (isCjk(prev) || isCjk(next))) {
      out += '（';
      openFull++;
    } else if (c === ')' && openFull > 0) {
      out += '）';
      openFull--;
    } else {
      if (c === '（') openFull++;
      if (c === '）' && openFull > 0) openFull--;
      out += c;
    }
  }
  return out;
}

/** One visual line: boxes left to right, a wide gap as a TAB. */
function rowText(row: OcrLine[], lineHeight: number): string {
  let s = '';
  let end: number | null = null;
  for (const l of row) {
    const t = l.text.trim();
    if (end !== null) {
      const gap = l.x0 - end;
      // Boxes are grown past their ink by about a quarter of the line height on each side.
      if (gap > lineHeight * 0.6) s += '\t';
      else if (isAlnum(s[s.length - 1] ?? '') && isAlnum(t[0])) s += ' ';
    }
    s += t;
    end = l.x1;
  }
  return s;
}

/**
 * A ruled table as Word's tables read (files/parse-core htmlToText): one line per row, cells
 * separated by TABs, a cell's wrapped lines joined; a cell merged across rows is in its first row
 * only.
 */
function tableText(table: Table, lines: OcrLine[], lineHeight: number): string {
  const inCell = table.cells.map((): OcrLine[] => []);
  for (const l of lines) {
    const cx = (l.x0 + l.x1) / 2;
    const cy = (l.y0 + l.y1) / 2;
    const k = table.cells.findIndex((c) => cx >= c.x0 && cx <= c.x1 && cy >= c.y0 && cy <= c.y1);
    if (k >= 0) inCell[k].push(l);
  }
  const rows = new Map<number, Array<{ x: number; text: string }>>();
  table.cells.forEach((c, k) => {
    const text = rowBands(inCell[k])
      .map((r) => rowText(r, lineHeight))
      .reduce((a, b) => (isAlnum(a[a.length - 1] ?? '') && isAlnum(b[0] ?? '') ? `${a} ${b}` : a + b), '');
    const list = rows.get(c.row) ?? [];
    list.push({ x: c.x0, text });
    rows.set(c.row, list);
  });
  return [...rows.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([, cells]) =>
      cells
        .sort((a, b) => a.x - b.x)
        .map((c) => c.text)
        .join('\t')
        .replace(/\t+$/, ''),
    )
    .filter((r) => r.replace(/\t/g, '').trim())
    .map(fullWidthPunctuation)
    .join('\n');
}

/** The text of a page from its recognised lines and the ruled tables found on it. */
export function layoutText(lines: OcrLine[], tables: Table[] = []): string {
  const kept = lines.filter((l) => l.text.trim() && l.confidence >= MIN_CONFIDENCE);
  if (!kept.length) return '';
  const lineHeight = median(kept.map((l) => l.y1 - l.y0));
  const inside = (t: Table, l: OcrLine) => {
    const cx = (l.x0 + l.x1) / 2;
    const cy = (l.y0 + l.y1) / 2;
    return cx >= t.x0 && cx <= t.x1 && cy >= t.y0 && cy <= t.y1;
  };
  const blocks: Array<{ y: number; text: string }> = [];
  const free = kept.filter((l) => !tables.some((t) => inside(t, l)));
  for (const t of tables) {
    const text = tableText(
      t,
      kept.filter((l) => inside(t, l)),
      lineHeight,
    );
    if (text) blocks.push({ y: t.y0, text });
  }
  for (const row of rowBands(free))
    blocks.push({
      y: Math.min(...row.map((l) => l.y0)),
      text: fullWidthPunctuation(rowText(row, lineHeight)),
    });
  return blocks
    .sort((a, b) => a.y - b.y)
    .map((b) => b.text)
    .join('\n');
}
