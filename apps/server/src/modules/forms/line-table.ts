import { rmbPlain, type FormSegment, type PriceLine } from '@bid/shared';
import { indexByName } from '../../ai/analysis/item-name.ts';

/**
 * The tender's 分项报价表 / 报价明细表 filled with the bid's 分项 lines: each column is named by its
 * header's words (名称, 数量, 单价（元）, 税率, 税额, 合价（元）…), the tender's columns and their order
 * are kept, one row per line (rows the tender numbered but left empty are used, more are added,
 * unused ones dropped), the 合计 row states the lines' 合计 (the one 报价). A column the bid has no
 * value for (品牌, 型号, 单位 …) stays a visible blank the checks list. Evaluators correct a total
 * that disagrees with its 分项 sum (or reject the bid), so the table states the same figures as the 报价.
 */

export type LineColumn =
  | 'serial'
  | 'name'
  | 'quantity'
  | 'unitPrice'
  | 'unitPriceNet'
  | 'taxRate'
  | 'tax'
  | 'subtotal'
  | 'total'
  | 'remark'
  /** Asked of the bidder, not known to the bid (品牌, 规格型号, 单位, 产地). */
  | 'blank';

const NET = /不含税|未含税|税前|除税/;

/**
 * What a header asks for. `taxed`: the table has a 税额 or 税率 column, so an unmarked 单价 or 小计
 * is the net one (数量 × 单价 + 税额 = 合价); without one every amount includes tax.
 */
export function lineColumnOf(header: string, taxed: boolean): LineColumn | null {
  const h = header.replace(/\s+/g, '');
  if (!h) return null;
  if (/^(?:序号|编号|No\.?|行号)$/i.test(h)) return 'serial';
  if (/备注|说明/.test(h)) return 'remark';
  if (/税率/.test(h)) return 'taxRate';
  if (/税额|税金|增值税/.test(h) && !/含税|价/.test(h)) return 'tax';
  if (/单价/.test(h)) return NET.test(h) || (taxed && !/含税/.test(h)) ? 'unitPriceNet' : 'unitPrice';
  if (/数量|工程量/.test(h)) return 'quantity';
  if (/小计/.test(h)) return NET.test(h) || (taxed && !/含税/.test(h)) ? 'subtotal' : 'total';
  if (/合价|总价|金额|合计|报价|价格/.test(h)) return NET.test(h) ? 'subtotal' : 'total';
  if (/品牌|型号|规格|制造商|生产厂|厂家|产地|单位|参数|配置|技术/.test(h)) return 'blank';
  if (/名称|项目|内容|分项|品名|货物|服务|设备|费用|品目|子目/.test(h)) return 'name';
  return 'blank';
}

/** The header's columns, or null when the row is no 分项 header (a name and an amount at least). */
export function lineColumns(header: string[]): Array<LineColumn | null> | null {
  const taxed = header.some((c) => /税率|税额|税金/.test(c.replace(/\s+/g, '')));
  // A merged header cell (one space) continues the column before it: its cells take no value.
  const cols = header.map((c) => (c === ' ' ? null : lineColumnOf(c, taxed)));
  const amount = cols.some((c) => c === 'total' || c === 'unitPrice' || c === 'unitPriceNet');
  return cols.includes('name') && amount ? cols : null;
}

const fen = (n: number) => Math.round(n * 100);
const TOTAL_ROW = /^(?:合\s*计|总\s*计|总\s*价|小\s*计|投标总价|报价合计|合计金额)/;
/** A row the tender numbered for the bidder to fill: every cell but its serial empty (or …). */
const EMPTY = /^(?:[|｜]?|…+|\.{3,}|…)$/;

function amountIn(v: number, header: string): string {
  // A column in 万元 states the amount in 万元 (to the yuan: four decimals).
  if (/万元/.test(header)) return String(Math.round(v * 100) / 1_000_000);
  return rmbPlain(v);
}

/** What each column states of a line (`header`: the column's header, for its unit); the rest stay blank. */
const VALUES: Partial<Record<LineColumn, (l: PriceLine, header: string) => string>> = {
  name: (l) => l.name,
  quantity: (l) => String(l.quantity),
  unitPriceNet: (l, header) => amountIn(l.unitPrice, header),
  // Tax included: the 合价 over the quantity, to the fen.
  unitPrice: (l, header) => amountIn(Math.round(fen(l.total) / l.quantity) / 100, header),
  taxRate: (l, header) => (/[%％]/.test(header) ? String(l.taxRate) : `${l.taxRate}%`),
  tax: (l, header) => amountIn(l.tax, header),
  subtotal: (l, header) => amountIn(l.subtotal, header),
  total: (l, header) => amountIn(l.total, header),
};

const valueOf = (col: LineColumn, l: PriceLine, header: string): string | null =>
  VALUES[col]?.(l, header) ?? null;

const filled = (text: string, label: string): FormSegment[] => [{ text, blank: 'filled', label }];

/** One line's row in the tender's columns; `template` is the tender's row it fills (its serial and given words kept). */
function lineRow(
  l: PriceLine,
  k: number,
  header: string[],
  cols: Array<LineColumn | null>,
  template: string[] | null,
): FormSegment[][] {
  return header.map((h, c) => {
    const given = template?.[c] ?? '';
    if (h === ' ' || given === ' ') return [{ text: ' ' }];
    const col = cols[c];
    if (given && !EMPTY.test(given) && col !== 'serial') return [{ text: given }];
    if (col === 'serial') return given && !EMPTY.test(given) ? [{ text: given }] : filled(String(k + 1), h);
    if (col === 'remark' || col === null) return [{ text: '' }];
    const value = valueOf(col, l, h);
    if (value !== null) return filled(value, h);
    return [{ text: '', blank: 'open', label: `${l.name}：${h.replace(/\s+/g, '')}` }];
  });
}

/**
 * The table's rows with the bid's lines, or null when it is no 分项 table (the caller fills it as
 * any other). `base` is the table as filled without lines, used for the rows kept as they are.
 */
export function fillLineTable(
  rows: string[][],
  lines: PriceLine[],
  base: FormSegment[][][],
): FormSegment[][][] | null {
  const h = rows.slice(0, 3).findIndex((r) => lineColumns(r) !== null);
  if (h < 0 || !lines.length) return null;
  const header = rows[h];
  const cols = lineColumns(header)!;
  const nameAt = cols.indexOf('name');
  const isTotal = (r: string[]) => TOTAL_ROW.test((r.find((c) => c.trim()) ?? '').trim());
  const isData = (r: string[]) =>
    !isTotal(r) && !r.some((c) => /大写/.test(c)) && r.every((c, i) => cols[i] !== 'total' || EMPTY.test(c));
  // Rows naming an item of their own (a 工程量清单 the tender prescribes) take the bid's line of that name.
  const named = new Map<number, number>();
  const left = lines.map((l, i) => ({ name: l.name, i }));
  rows.forEach((r, i) => {
    if (i <= h || !isData(r) || EMPTY.test(r[nameAt] ?? '')) return;
    const k = indexByName(left, r[nameAt]);
    if (k >= 0) named.set(i, left.splice(k, 1)[0].i);
  });
  const dataRows = rows.flatMap((r, i) => (i > h && isData(r) ? [i] : []));
  const emptyRows = dataRows.filter((i) => !named.has(i) && EMPTY.test((rows[i][nameAt] ?? '').trim()));
  // The bid's remaining lines go where the tender's empty rows are (after its last data row, or the header).
  const at = dataRows.length ? dataRows[dataRows.length - 1] : h;
  const out: FormSegment[][][] = [];
  let serial = 0;
  for (let i = 0; i < rows.length; i++) {
    if (emptyRows.includes(i) && i !== at) continue;
    if (named.has(i)) {
      out.push(lineRow(lines[named.get(i)!], serial++, header, cols, rows[i]));
    } else if (!emptyRows.includes(i)) {
      out.push(i > h && isTotal(rows[i]) ? totalRow(rows[i], header, cols, lines, base[i]) : base[i]);
    }
    if (i !== at) continue;
    // Empty rows lend their shape (serials, merged cells) to the lines in their order.
    left.forEach(({ i: li }, k) =>
      out.push(lineRow(lines[li], serial++, header, cols, templateOf(rows, emptyRows, k))),
    );
  }
  return out;
}

/** The tender's k-th empty row, its serial cleared once the tender's rows run out. */
function templateOf(rows: string[][], emptyRows: number[], k: number): string[] | null {
  return k < emptyRows.length ? rows[emptyRows[k]] : null;
}

/** The 合计 row: the sums under the amount columns, the tender's words elsewhere. */
function totalRow(
  row: string[],
  header: string[],
  cols: Array<LineColumn | null>,
  lines: PriceLine[],
  base: FormSegment[][],
): FormSegment[][] {
  const sum = (f: (l: PriceLine) => number) => lines.reduce((s, l) => s + fen(f(l)), 0) / 100;
  const sums: Partial<Record<LineColumn, number>> = {
    total: sum((l) => l.total),
    subtotal: sum((l) => l.subtotal),
    tax: sum((l) => l.tax),
  };
  return row.map((cell, c) => {
    const col = cols[c];
    const value = col ? sums[col] : undefined;
    if (value === undefined || !EMPTY.test(cell) || cell === ' ') return base[c];
    return filled(amountIn(value, header[c]), `合计：${header[c].replace(/\s+/g, '')}`);
  });
}
