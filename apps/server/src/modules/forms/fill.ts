import {
  rmbLower,
  rmbPlain,
  rmbUpper,
  type FilledBlock,
  type FormSegment,
  type PriceLine,
  type TenderForm,
} from '@bid/shared';
import { BLANK_RE } from '../../ai/analysis/forms.ts';
import { fillLineTable } from './line-table.ts';

/**
 * Fills the blanks of the tender's forms from the bid and the company library. Each blank is
 * named by the words around it (…（大写）____元, ¥____, 包____, ____日历天 after 有效期,
 * 投标人（公章）：____); the tender's own words are never changed. A blank nobody can fill stays
 * as the tender wrote it and is listed as open, except signatures, which are signed by hand.
 */

/** What a bid knows to write into a form; null where it does not know. */
export interface FormValues {
  projectName: string | null;
  projectNumber: string | null;
  owner: string | null;
  /** The 采购包 the bid answers. */
  lot: number | null;
  /** The 报价 in yuan. */
  price: number | null;
  /** 投标有效期, 工期/交货期, 质保期 as the tender demands them (90日历天, 3年). */
  validity: string | null;
  period: string | null;
  warranty: string | null;
  bidder: string | null;
  legalRep: string | null;
  creditCode: string | null;
  address: string | null;
  phone: string | null;
  postcode: string | null;
  email: string | null;
  bank: string | null;
  account: string | null;
  /** The bid's date (the opening day), YYYY-MM-DD. */
  date: string | null;
  /** The 分项报价 lines, with their totals: the 分项报价表 states them row by row. */
  lines?: PriceLine[];
}

type Field =
  | 'priceUpper'
  | 'priceLower'
  | 'pricePlain'
  | 'lot'
  | 'validityDays'
  | 'periodDays'
  | 'warrantyYears'
  | 'period'
  | 'warranty'
  | 'year'
  | 'month'
  | 'day'
  | 'date'
  | 'bidder'
  | 'legalRep'
  | 'creditCode'
  | 'address'
  | 'phone'
  | 'postcode'
  | 'email'
  | 'bank'
  | 'account'
  | 'projectName'
  | 'projectNumber'
  | 'owner'
  | 'signature';

const LABELS: Record<Field, string> = {
  priceUpper: '投标总价（大写）',
  priceLower: '投标总价（小写）',
  pricePlain: '投标总价（小写）',
  lot: '采购包',
  validityDays: '投标有效期',
  periodDays: '工期（交货期）',
  warrantyYears: '质保期',
  period: '工期（交货期）',
  warranty: '质保期',
  year: '日期',
  month: '日期',
  day: '日期',
  date: '日期',
  bidder: '投标人名称',
  legalRep: '法定代表人',
  creditCode: '统一社会信用代码',
  address: '地址',
  phone: '电话',
  postcode: '邮编',
  email: '电子邮箱',
  bank: '开户银行',
  account: '银行账号',
  projectName: '项目名称',
  projectNumber: '项目编号',
  owner: '采购人（招标人）',
  signature: '签字',
};

/** The field a blank asks for, from the text before and after it (within its line or cell). */
function fieldOf(before: string, after: string): Field | null {
  const b = before.slice(-24);
  const a = after.slice(0, 16);
  if (/大写[)）]?[:：]?\s*$/.test(b) || (/人民币\s*$/.test(b) && /^\s*元/.test(a))) return 'priceUpper';
  if (/[¥￥]\s*$/.test(b)) return 'pricePlain';
  if (/小写[)）]?[:：]?\s*$/.test(b)) return /^\s*元/.test(a) ? 'pricePlain' : 'priceLower';
  if (/(?:投标|响应|磋商)?(?:总)?(?:报价|总价)[:：]?\s*$/.test(b))
    return /^\s*元/.test(a) ? 'pricePlain' : 'priceLower';
  if (/(?:采购包|包|标段|标包)\s*$/.test(b) || (/第\s*$/.test(b) && /^\s*(?:包|标段)/.test(a))) return 'lot';
  if (/^\s*(?:日历天|个日历日|天|日)(?!期)/.test(a)) {
    if (/有效期/.test(b)) return 'validityDays';
    if (/工期|交货期|供货期|服务期|完成/.test(b)) return 'periodDays';
  }
  if (/^\s*年/.test(a) && /质保|保修/.test(b)) return 'warrantyYears';
  if (/^\s*年/.test(a) && /日期[:：]?\s*$/.test(b)) return 'year';
  if (/^\s*月/.test(a) && /年\s*$/.test(b)) return 'month';
  if (/^\s*日/.test(a) && /月\s*$/.test(b)) return 'day';
  if (/^\s*[（(]\s*(?:投标人|供应商|单位|公司|企业)(?:名称)?[)）]/.test(a)) return 'bidder';
  if (/^\s*[（(]\s*姓名/.test(a) && /法定代表人\s*$/.test(b)) return 'legalRep';
  if (
    /(?:投标人|供应商|投标单位|响应人|磋商人)(?:名称)?[（(](?:盖?公章|盖章|单位盖章|盖单位章|电子签章|签章)[)）][:：]\s*$/.test(
      b,
    )
  )
    return 'bidder';
  if (/(?:企业|单位|公司)名称[（(]盖章[)）][:：]\s*$/.test(b)) return 'bidder';
  if (
    /(?:投标人|供应商|投标单位|企业|单位|公司)名称[:：]\s*$/.test(b) ||
    /^(?:投标人|供应商)[:：]\s*$/.test(b)
  )
    return 'bidder';
  if (/(?:签字|签名|签章|盖章|手签)[)）]?[:：]?\s*$/.test(b)) return 'signature';
  if (/法定代表人(?:姓名)?[:：]\s*$/.test(b)) return 'legalRep';
  if (/统一社会信用代码[:：]?\s*$/.test(b)) return 'creditCode';
  if (/(?:邮编|邮政编码)[:：]?\s*$/.test(b)) return 'postcode';
  if (/(?:电子邮箱|邮箱|E-?mail)[:：]?\s*$/i.test(b)) return 'email';
  if (/(?:电话|联系方式)[:：]?\s*$/.test(b)) return 'phone';
  if (/地址[:：]?\s*$/.test(b)) return 'address';
  if (/(?:开户银行|开户行)[:：]?\s*$/.test(b)) return 'bank';
  if (/(?:银行账号|账号)[:：]?\s*$/.test(b)) return 'account';
  if (/项目名称[:：]?\s*$/.test(b)) return 'projectName';
  if (/项目编号[:：]?\s*$/.test(b)) return 'projectNumber';
  if (/(?:招标人|采购人)[:：]?\s*$/.test(b)) return 'owner';
  if (/日期[:：]?\s*$/.test(b)) return 'date';
  return null;
}

/** The number of a duration when its unit is the one the form writes after the blank (90日历天 → 90). */
function numberIn(value: string | null, unit: RegExp): string | null {
  if (!value) return null;
  const m = /(\d+(?:\.\d+)?)\s*(\D*)$/.exec(value.replace(/\s+/g, ''));
  if (!m || !unit.test(m[2])) return null;
  return m[1];
}

/** The text a field writes into its blank; `after` is what follows the blank (元 after a 大写 amount). */
function valueOf(field: Field, v: FormValues, after: string): string | null {
  const [y, mo, d] = v.date?.split('-') ?? [];
  switch (field) {
    case 'priceUpper': {
      if (v.price === null) return null;
      const upper = rmbUpper(v.price);
      // The form writes 元 after the blank: a whole amount goes in without its own 元整.
      return /^\s*元/.test(after) && upper.endsWith('元整') ? upper.slice(0, -2) : upper;
    }
    case 'priceLower':
      return v.price === null ? null : rmbLower(v.price);
    case 'pricePlain':
      return v.price === null ? null : rmbPlain(v.price);
    case 'lot':
      return v.lot === null ? null : String(v.lot);
    case 'validityDays':
      return numberIn(v.validity, /日|天/);
    case 'periodDays':
      return numberIn(v.period, /日|天/);
    case 'warrantyYears':
      return numberIn(v.warranty, /年/);
    case 'period':
      return v.period;
    case 'warranty':
      return v.warranty;
    case 'year':
      return y ?? null;
    case 'month':
      return mo ? String(Number(mo)) : null;
    case 'day':
      return d ? String(Number(d)) : null;
    case 'date':
      return v.date ? `${y}年${Number(mo)}月${Number(d)}日` : null;
    case 'signature':
      return null;
    default:
      return v[field];
  }
}

/** What an open blank is called on the checks' list: its field, or the words in brackets after it. */
function labelOf(field: Field | null, before: string, after: string): string {
  if (field) return LABELS[field];
  const hint = /^\s*[（(]([^）)]{1,20})[)）]/.exec(after)?.[1];
  if (hint) return hint;
  const tail = before.replace(/[\s_＿]+$/, '');
  const bracketed = /[（(]([^（()）]{1,20})[)）]$/.exec(tail)?.[1];
  if (bracketed) return bracketed;
  const words = tail.match(/[\p{L}\p{N}]{1,12}$/u)?.[0]?.replace(/(?:为|是)$/, '');
  return words || '空白处';
}

/** One line or cell of a form with its blanks filled; `context` names a table cell's column. */
function fillText(text: string, v: FormValues, context = ''): FormSegment[] {
  const out: FormSegment[] = [];
  let at = 0;
  BLANK_RE.lastIndex = 0;
  for (const m of text.matchAll(BLANK_RE)) {
    const start = m.index;
    const end = start + m[0].length;
    if (start > at) out.push({ text: text.slice(at, start) });
    const before = context + text.slice(0, start);
    const after = text.slice(end);
    // （ ） with nothing that names it is a bracket pair, not a blank (…（盖章）is no blank either).
    const field = fieldOf(before, after);
    const bracket = /^[（(]/.test(m[0]);
    if (bracket && !field) {
      out.push({ text: m[0] });
      at = end;
      continue;
    }
    const value = field ? valueOf(field, v, after) : null;
    // An amount with 角/分 cannot stop before the form's 元: it takes the 元 into the blank.
    const ownYuan = field === 'priceUpper' && value?.includes('元') && after.startsWith('元');
    if (value) out.push({ text: value, blank: 'filled', label: LABELS[field!] });
    else if (field === 'signature') out.push({ text: m[0] });
    else out.push({ text: m[0], blank: 'open', label: labelOf(field, before, after) });
    at = ownYuan ? end + 1 : end;
  }
  if (at < text.length || !out.length) out.push({ text: text.slice(at) });
  return out;
}

/** The field a table column asks for, from its header (投标总价（元）, 交货期（日历天）, 质保期（年）). */
function columnField(header: string): Field | null {
  const h = header.replace(/\s+/g, '');
  if (/大写/.test(h)) return 'priceUpper';
  if (/投标总价|投标报价|报价|总价/.test(h) && !/单价|分项/.test(h))
    return /元/.test(h) ? 'pricePlain' : 'priceLower';
  if (/交货期|工期|服务期|供货期/.test(h)) return /日|天/.test(h) ? 'periodDays' : 'period';
  if (/质保期|保修期/.test(h)) return /年/.test(h) ? 'warrantyYears' : 'warranty';
  if (/有效期/.test(h)) return /日|天/.test(h) ? 'validityDays' : null;
  if (/^(?:采购包|包号|标段|包)/.test(h)) return 'lot';
  if (/投标人|供应商/.test(h)) return 'bidder';
  if (/项目名称/.test(h)) return 'projectName';
  if (/项目编号/.test(h)) return 'projectNumber';
  return null;
}

/** Fields a row's first cell may name for the cells after it (投标总价（大写） | 人民币 …). */
const ROW_FIELDS = new Set<Field>([
  'priceUpper',
  'priceLower',
  'pricePlain',
  'periodDays',
  'period',
  'warrantyYears',
  'warranty',
  'validityDays',
]);

/** A cell the form leaves for the bidder (empty, or a lone bar drawn as a blank). */
const EMPTY_CELL = /^[|｜]?$/;

function fillTable(rows: string[][], v: FormValues, opening: boolean): FormSegment[][][] {
  const header = rows[0] ?? [];
  const headerFields = header.map(columnField);
  const isHeader = headerFields.filter(Boolean).length >= 1 && !header.some((c) => /_{2,}/.test(c));
  return rows.map((row, r) =>
    row.map((cell, c) => {
      if (cell === ' ') return [{ text: ' ' }];
      // A row labelled by its first cell (投标总价（大写） | 人民币 …): the first cell after the label.
      const label =
        row
          .slice(0, c)
          .filter((x) => x.trim())
          .at(-1) ?? '';
      const labelled = c > 0 && !/_{2,}/.test(label) && row.slice(0, c).every((x, k) => k === 0 || x === ' ');
      const rowField = labelled ? columnField(label) : null;
      if (rowField && ROW_FIELDS.has(rowField) && r > 0 && (EMPTY_CELL.test(cell) || cell === '人民币')) {
        const value = valueOf(rowField, v, '');
        const lead = cell === '人民币' ? [{ text: cell }] : [];
        if (value) return [...lead, { text: value, blank: 'filled' as const, label: LABELS[rowField] }];
        return [
          ...lead,
          { text: cell === '人民币' ? '' : cell, blank: 'open' as const, label: LABELS[rowField] },
        ];
      }
      if (r > 0 && isHeader && EMPTY_CELL.test(cell)) {
        const field = headerFields[c];
        const value = field ? valueOf(field, v, '') : null;
        if (value) return [{ text: value, blank: 'filled' as const, label: LABELS[field!] }];
        // In the 开标一览表 every cell of a row is the bidder's to fill; other tables list rows to add.
        if (opening && (field || header[c]))
          return [{ text: cell, blank: 'open' as const, label: header[c] || '空白处' }];
        return [{ text: cell }];
      }
      return fillText(cell, v, r > 0 && header[c] ? `${header[c]}：` : '');
    }),
  );
}

/** A form with its blanks filled, and the labels of those still open (signatures excluded). */
export function fillForm(form: TenderForm, v: FormValues): { blocks: FilledBlock[]; open: string[] } {
  // The bid's 分项 lines go into the first table of a 分项报价表 whose header names their columns.
  let lines = form.kind === 'price-detail' && v.lines?.length ? v.lines : null;
  const blocks: FilledBlock[] = form.blocks.map((b) => {
    if (b.kind === 'paragraph') return { kind: 'paragraph', segments: fillText(b.text, v) };
    const base = fillTable(b.rows, v, form.kind === 'opening');
    const rows = lines ? fillLineTable(b.rows, lines, base) : null;
    if (rows) lines = null;
    return { kind: 'table', rows: rows ?? base };
  });
  const open: string[] = [];
  const collect = (segs: FormSegment[]) => {
    for (const s of segs) if (s.blank === 'open') open.push(s.label ?? '空白处');
  };
  for (const b of blocks) {
    if (b.kind === 'paragraph') collect(b.segments);
    else for (const row of b.rows) for (const cell of row) collect(cell);
  }
  return { blocks, open };
}

/** The plain text of filled blocks: paragraphs on their lines, cells joined by TAB (tests, checks). */
export function filledText(blocks: FilledBlock[]): string {
  const seg = (s: FormSegment[]) => s.map((x) => x.text).join('');
  return blocks
    .map((b) =>
      b.kind === 'paragraph' ? seg(b.segments) : b.rows.map((r) => r.map(seg).join('\t')).join('\n'),
    )
    .join('\n');
}
