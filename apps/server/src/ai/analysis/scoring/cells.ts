import type { Line } from '../lines.ts';
import { LOT_WORD_AFTER_NO, LOT_WORD_BEFORE_NO } from '@bid/shared';
import { chineseNumber } from '../money.ts';
import type { Span } from './types.ts';
import { CATEGORY_LABEL } from './stated.ts';
import { headerRole } from './header-role.ts';

/**
 * The scoring part of a tender as a stream of typed cells, whatever shape extraction left its table
 * in: one row per line with TAB or pipe cells (Word), columns kept apart by runs of spaces
 * (`pdftotext -layout`), one cell per line (PDF text), rows whose cells wrap onto following lines.
 * Readers rebuild rows from the stream; nothing here decides what a row is.
 */

/** `code`: a serial written as a code (T1, S2, P1), its number as the value. */
export type CellKind = 'num' | 'code' | 'clause' | 'cat' | 'header' | 'total' | 'text';

export interface Cell {
  text: string;
  start: number;
  end: number;
  /** Index of its line in the region, its place among the line's cells, how many cells the line has. */
  line: number;
  col: number;
  lineCells: number;
  /** Character column where it starts on its line (columns of `-layout` text). */
  x: number;
  kind: CellKind;
  /** The number of a `num` cell (a range's upper bound, a weight's percent); the points of a `cat` cell. */
  value: number | null;
  /** A short first word of a wrapped row line that continues the row's name (space-separated rows). */
  nameTail?: boolean;
  /** Its column on a TAB line, empty cells counted (a merged cell leaves its column empty below it). */
  tab?: number;
}

export { headerRole, type HeaderRole } from './header-role.ts';

// 8 | 8分 | 满分8分 | 最高8分 (a points column that says what the number is).
// (≤24: an upper bound written as such, in a 分值上限 column.)
const NUM =
  /^(?:(?:满分|最高|最多|计|分值|本项满分|不超过)\s*[：:]?|[≤≦]|<=)?\s*(\d{1,3}(?:\.\d+)?)\s*(?:分)?$/;
const RANGE = /^(\d{1,3}(?:\.\d+)?)\s*(?:分)?\s*[-–—~～至]\s*(\d{1,3}(?:\.\d+)?)\s*分?$/;
const PERCENT = /^(\d{1,3}(?:\.\d+)?)\s*[%％]$/;
const BANDS = /^\d{1,3}(?:\.\d+)?\s*分?(?:\s*[/／、]\s*\d{1,3}(?:\.\d+)?\s*分?){2,5}$/;
const CLAUSE = /^\d{1,2}(?:\.\d{1,2}){1,3}\s*(?:[（(]\s*\d{1,2}\s*[）)])?$/;
// 合计, and a part's own 小计 row (施工组织设计小计, placed after its items).
const TOTAL = /^(?:[\u4e00-\u9fa5]{0,12}(?:合\s*计|总\s*计|小\s*计)|总\s*分|满\s*分|合计得分|总分值)[：:]?$/;

/** A row that sums others (合计, 总计, 施工组织设计小计), not an item. */
export function isTotalName(s: string): boolean {
  return TOTAL.test(s.replace(/\s+/g, ''));
}
/** A category cell: 技术部分（55分）, 一、商务部分（20分）, 价格分, 技术标评分（30分）. */
/** A category row: 一、商务部分（15分）, 设计方案（暗标，55分） (a note before the points). */
const CAT = new RegExp(
  `^(?:[一二三四五六七八九十]+[、.．]|[（(][一二三四五六七八九十]+[)）]|\\d[、.．]?)?\\s*([^（(\\d]{2,12}?)\\s*(?:[（(]\\s*(?:[^（）()\\d，,]{1,6}[，,、]\\s*)?(?:(?:满分|共|计|标准分|分值|最高分)\\s*[：:]?)?\\s*(\\d{1,3}(?:\\.\\d+)?)\\s*(?:分|%|％)\\s*[)）]|[（(]\\s*(?:标准分|分值|满分|最高分)\\s*[：:]?\\s*(\\d{1,3}(?:\\.\\d+)?)\\s*[)）])?$`,
);

const PART_LABEL =
  /^(?:服务方案|服务|综合实力|企业实力|实力|技术方案|实施方案|设计方案|施工组织设计|项目管理机构|监理大纲|其他评分因素|其他因素|资信及人员|资信业绩|商务及资信|技术及服务|报价部分|经济部分)(?:部分|分|标|类|评分|评审|得分|因素|标准|细则)*$/;

export function catCell(text: string): { label: string; points: number | null } | null {
  const t = text.replace(/\s+/g, '');
  // A table's own title with its points (监理大纲评分标准（40分）, 表3-1 技术评分表（45分）) heads the
  // rows under it.
  const g =
    /^(?:\d+(?:\.\d+)*(?:[（(]\d[)）])?|(?:附)?表[\d一二三四五六七八九十]+(?:[-－.．—]\d+)?)?([^（(]{2,16}?)(?:评分标准|评审标准|评分细则|评审细则|评分表|评审表)[（(](\d{1,3})分[)）]$/.exec(
      t,
    );
  if (g) return { label: g[1], points: Number(g[2]) };
  // A stage's cell naming its part in brackets (详细评审（技术部分）, a 评审阶段 column merged over rows).
  const staged =
    /^(?:详细评审|详细评分|综合评审|综合评分|评审|评分)[（(]((?:价格|报价|技术|商务|资信|服务)(?:部分|分|标)?)[)）]$/.exec(
      t,
    );
  if (staged) return { label: staged[1], points: null };
  const m = CAT.exec(t);
  if (!m) return null;
  // Parts a tender splits its points into under other names count when they carry their points
  // (服务方案（42分）, 综合实力（28分）, 施工组织设计（40分）); bare, they may be an item's name.
  if (!CATEGORY_LABEL.test(m[1]) && !((m[2] ?? m[3]) != null && PART_LABEL.test(m[1]))) return null;
  const pts = m[2] ?? m[3];
  return { label: m[1], points: pts != null ? Number(pts) : null };
}

/** A cell that may hold a name: text, or a category word without points (投标报价, 价格分). */
export const nameCellKind = (c: Pick<Cell, 'kind' | 'value'>): boolean =>
  c.kind === 'text' || (c.kind === 'cat' && c.value == null);

export function numberValue(text: string): number | null {
  // A unit note after the maximum (10（每项2分）, 8（每个2分）) says how it is earned, not what it is worth.
  // So does a note of how it adds up (6（3项×2分）, 8（4个×2分）).
  const t = text
    .trim()
    .replace(
      /^(\d{1,3}(?:\.\d+)?\s*分?)\s*[（(]\s*(?:每[^（）()]{0,12}|[^（）()]{0,12}[×xX*][^（）()]{0,8}分)[）)]$/,
      '$1',
    );
  let m = NUM.exec(t);
  if (m) return Number(m[1]);
  // Its maximum with the floor beside it (满分12分，最低4分; 满分30分): the maximum.
  const capped =
    /^(?:满分|最高分?|最高得)\s*(\d{1,3}(?:\.\d+)?)\s*分(?:\s*[，,；;、]\s*最低(?:得)?\s*\d{1,3}(?:\.\d+)?\s*分)?$/.exec(
      t,
    );
  if (capped) return Number(capped[1]);
  // Points in Chinese numerals (八分, 四十分, 满分十二分): never a bare numeral, which may be a serial.
  const cn = /^(?:满分|最高|分值)?\s*([零一二两三四五六七八九十百]{1,4})\s*分$/.exec(t);
  if (cn) {
    const v = chineseNumber(cn[1]);
    if (v != null && v > 0 && v <= 100) return v;
  }
  m = RANGE.exec(t);
  if (m && Number(m[2]) >= Number(m[1])) return Number(m[2]);
  // An interval a value is taken from ([0, 12], ［0，12］): its upper bound.
  m = /^[[［]\s*(\d{1,3}(?:\.\d+)?)\s*[,，]\s*(\d{1,3}(?:\.\d+)?)\s*[\]］]$/.exec(t);
  if (m && Number(m[2]) >= Number(m[1])) return Number(m[2]);
  m = PERCENT.exec(t);
  if (m) return Number(m[1]);
  // Points written as how they add up (4＋4, 2＋2＋1 分, 1.5×4): the result.
  if (/^\d{1,2}(?:\.\d+)?(?:\s*[＋+]\s*\d{1,2}(?:\.\d+)?){1,5}\s*分?$/.test(t)) {
    const sum = t.match(/\d+(?:\.\d+)?/g)!.reduce((a, v) => a + Number(v), 0);
    if (sum <= 100) return Math.round(sum * 100) / 100;
  }
  m = /^(\d{1,2}(?:\.\d+)?)\s*[×＊*]\s*(\d{1,2}(?:\.\d+)?)\s*分?$/.exec(t);
  if (m && Number(m[1]) * Number(m[2]) <= 100) return Math.round(Number(m[1]) * Number(m[2]) * 100) / 100;
  // The points of each band in one cell (10/7/4/1: 优 10, 良 7, 中 4, 差 1): the item is worth the top.
  if (BANDS.test(t)) {
    const v = t
      .replace(/分/g, '')
      .split(/[/／、]/)
      .map(Number);
    const down = v.every((x, i) => i === 0 || x <= v[i - 1]);
    const up = v.every((x, i) => i === 0 || x >= v[i - 1]);
    if ((down || up) && Math.max(...v) <= 100) return Math.max(...v);
  }
  // Two values (12/10): two bands, or one value per 包 of a table two 包 share (the reading per 包
  // splits it again); either way the cell is worth its larger.
  const two = /^(\d{1,3}(?:\.\d+)?)\s*分?\s*[/／]\s*(\d{1,3}(?:\.\d+)?)\s*分?$/.exec(t);
  if (two && Math.max(Number(two[1]), Number(two[2])) <= 100) return Math.max(Number(two[1]), Number(two[2]));
  return null;
}

export function classify(text: string): { kind: CellKind; value: number | null } {
  const t = text.trim();
  const n = numberValue(t);
  if (n != null) return { kind: 'num', value: n };
  // Points alone in brackets on their cell's line (（8分）, under a wrapped name in a PDF's column).
  const bracketed = /^[（(]\s*(\d{1,3}(?:\.\d+)?)\s*分\s*[)）]$/.exec(t);
  if (bracketed) return { kind: 'num', value: Number(bracketed[1]) };
  if (CLAUSE.test(t)) return { kind: 'clause', value: null };
  const code = /^[A-Za-z]{1,2}[-‐]?(\d{1,2})$/.exec(t);
  if (code) return { kind: 'code', value: Number(code[1]) };
  // 序号 in Chinese numerals (一, 二 … 十一), a serial as a code is.
  if (/^[一二三四五六七八九十]{1,3}$/.test(t)) {
    const v = chineseNumber(t);
    if (v != null && v <= 30) return { kind: 'code', value: v };
  }
  if (TOTAL.test(t.replace(/\s+/g, ''))) return { kind: 'total', value: null };
  if (headerRole(t)) return { kind: 'header', value: null };
  const c = catCell(t);
  if (c) return { kind: 'cat', value: c.points };
  return { kind: 'text', value: null };
}

/** A row line written with single spaces (2 物业管理整体服务 10 优（9-10分）：…): serial, name, points, rest. */
const SPACE_ROW =
  /^(\d{1,2})\s+([^\s\d][^\s]{0,29})\s+(\d{1,3}(?:\.\d+)?(?:\s*分)?|\d{1,3}\s*[-–~～]\s*\d{1,3}\s*分?)(?:\s+(\S.*))?$/;
/** Serial, category, name, points (glued to the name or not), criteria (3 技术 巡检及维护计划8 巡检线路…). */
const SPACE_CAT_ROW =
  /^(\d{1,2})\s+([\u4e00-\u9fa5]{2,6})\s+([^\s\d][^\s]{0,29}?[\u4e00-\u9fa5）)])\s*(\d{1,3}(?:\.\d+)?)(?:\s+(\S.*))?$/;
const SPACE_NAME_POINTS =
  /^(\d{1,2})\s+([\u4e00-\u9fa5（）()、]{2,30}?[（(]\s*\d{1,3}(?:\.\d+)?\s*(?:分)?\s*[）)])(?:\s+(\S.*))?$/;
/** How criteria open, never a wrapped name's tail (本项最高得 5 分, 投标人 2022 年…). */
const CRIT_OPENER = /^(?:本项|投标人|供应商|投标产品|提供|具有|承诺|根据|按照|对于|如有|满分|最高|每)/;
const SPACE_SERIAL_CRIT = /^(\d{1,2})\s([\u4e00-\u9fa5（）()、]{2,16})\s(\S.{8,})$/;
/** Name and points without a serial; what follows is criteria, not a unit (10 年内…). */
// (Its points may be a range, 0～6; its criteria may open with a year, 2022 年 1 月 1 日以来…)
const SPACE_BARE =
  /^([\u4e00-\u9fa5（）()、]{2,16})\s(\d{1,3}(?:\.\d+)?|\d{1,2}\s*[-–~～]\s*\d{1,3})(?:\s+((?:19|20)\d{2}\s*年.*|[^\s\d年个月天日小时分钟项次人家%％元万倍以].*))?$/;
/** Its wrapped continuation: the name's last characters, then the criteria's next line. */
const SPACE_TAIL = /^([\u4e00-\u9fa5（）()]{1,10})\s+(\S.*)$/;
/**
 * A row whose name wrapped before its points (a narrow column: 4 洗消方 / 案 6 提供内镜…): the serial
 * and the name's start, then the name's last characters, the points and the criteria's first line.
 */
const SPACE_HEAD = /^(\d{1,2})\s+([\u4e00-\u9fa5（）()]{2,20})$/;
const SPACE_HEAD_TAIL = /^([\u4e00-\u9fa5（）()]{1,8})\s+(\d{1,3}(?:\.\d+)?(?:\s*分)?)(?:\s+(\S.*))?$/;

export interface CellOptions {
  /** Split rows written with single spaces (see SPACE_ROW). */
  spaceRows?: boolean;
}

interface RawCell {
  text: string;
  offset: number;
  nameTail?: boolean;
  tab?: number;
}

/**
 * What never continues a name wrapped in its cell: the next part's heading ((二)技术部分), the header
 * repeated on a new page (序号), the total row (合计).
 */
export function notNamePiece(t: string): boolean {
  const s = t.replace(/\s+/g, '');
  return (
    /^[（(][一二三四五六七八九十]+[)）]|^[一二三四五六七八九十]+、/.test(s) ||
    headerRole(s) != null ||
    isTotalName(s)
  );
}

export function splitLine(
  text: string,
  prevSpaceRow: boolean,
  opts: CellOptions,
  prevHead = false,
): { cells: RawCell[]; spaceRow: boolean; head?: boolean } {
  const cells: RawCell[] = [];
  const push = (piece: string, offset: number, extra?: Partial<RawCell>) => {
    const lead = piece.length - piece.trimStart().length;
    const t = piece.trim();
    if (t) cells.push({ text: t, offset: offset + lead, ...extra });
  };
  // A table's closing bar wrapped onto a line of its own holds no cell.
  if (/^[\s|]+$/.test(text)) return { cells, spaceRow: false };
  // A category's wrapped points and the next row's serial on one line (（28分）10): two cells.
  const glued = /^(\s*[（(]\s*\d{1,3}(?:\.\d+)?\s*分\s*[)）])\s*(\d{1,2})\s*$/.exec(text);
  if (glued) {
    push(glued[1], 0);
    push(glued[2], text.lastIndexOf(glued[2]));
    return { cells, spaceRow: false };
  }
  // (A row OCR or a narrow paste wrapped keeps its opening bar; the wrapped rest ends with one.)
  const pipe = /^\s*\|.*\|\s*$/.test(text) || /^\s*\|(?:[^|]*\|){3}/.test(text);
  if (text.includes('\t') || pipe) {
    let pos = 0;
    text.split(pipe ? '|' : '\t').forEach((piece, tab) => {
      const own = untranslated(piece.trim());
      const cut = own.length < piece.trim().length ? piece.slice(0, piece.indexOf(own) + own.length) : piece;
      if (!/^\s*:?-{2,}:?\s*$/.test(piece)) push(cut, pos, pipe ? {} : { tab });
      pos += piece.length + 1;
    });
    return { cells: unglue(cells), spaceRow: false };
  }
  if (opts.spaceRows) {
    const lead = text.length - text.trimStart().length;
    const pushAll = (groups: Array<string | undefined>, first?: Partial<RawCell>) => {
      let pos = lead;
      groups.forEach((g, k) => {
        if (!g) return;
        const at = text.indexOf(g, pos);
        push(g, at, k === 0 ? first : undefined);
        pos = at + g.length;
      });
    };
    const headTail = prevHead ? SPACE_HEAD_TAIL.exec(text.trim()) : null;
    if (headTail && !CRIT_OPENER.test(headTail[1])) {
      // The rest may still be columns (最高分 | 评分标准 in `-layout` text).
      const rest = headTail[3]?.split(/(?<=\S)\s{2,}(?=\S)/) ?? [];
      pushAll([headTail[1], headTail[2], ...rest], { nameTail: true });
      return { cells, spaceRow: true };
    }
    const head = SPACE_HEAD.exec(text.trim());
    if (head) {
      pushAll([head[1], head[2]]);
      return { cells, spaceRow: true, head: true };
    }
    // Serial, name with its points in brackets, criteria (2 修剪作业方案（15） 修剪时序安排…).
    const np = SPACE_NAME_POINTS.exec(text.trim());
    if (np) {
      // (Its name is whole: the next line is criteria, not the name's tail.)
      pushAll([np[1], np[2], np[3]]);
      return { cells, spaceRow: false };
    }
    // (A category cell between the serial and the name: 2 技术 运维服务方案 10 …)
    const cr = SPACE_CAT_ROW.exec(text.trim());
    const crCat = cr ? catCell(cr[2]) : null;
    if (cr && crCat && crCat.points == null && nameLike(cr[3])) {
      pushAll([cr[1], cr[2], cr[3], cr[4], cr[5]]);
      return { cells, spaceRow: true };
    }
    const m = SPACE_ROW.exec(text.trim());
    if (m) {
      pushAll([m[1], m[2], m[3], m[4]]);
      return { cells, spaceRow: true };
    }
    // A row whose points are only in its criteria: serial, name, criteria (8 质保期 在 3 年…本项满分 6 分).
    const src = SPACE_SERIAL_CRIT.exec(text.trim());
    if (src && nameLike(src[2]) && !/^\d/.test(src[3])) {
      pushAll([src[1], src[2], src[3]]);
      return { cells, spaceRow: false };
    }
    // A row without a 序号: its name and points one space apart (投标报价 30, 质保期 6 在 3 年…).
    const bare = SPACE_BARE.exec(text.trim());
    // (A longer name before criteria must not read as criteria itself: 工程进度计划与措施 3 进度计划合理…
    // is a row, 具有高级职称的 3 … is not.)
    // (完全满足招标文件第三章包 1 技术参数要求的… is a rule citing a 包, not a row.)
    const longName =
      bare &&
      bare[1].length <= 14 &&
      !CRIT_OPENER.test(bare[1]) &&
      !/满足|提供|具有|要求|第|的|得|扣|按|包/.test(bare[1]);
    if (bare && nameLike(bare[1]) && (!bare[3] || bare[1].length <= 8 || longName)) {
      pushAll([bare[1], bare[2], bare[3]]);
      return { cells, spaceRow: false };
    }
    // A range of points opening a line, the criteria after it: the row's name wrapped on the lines
    // above (培训及使用指导方 / 案 / 0～4 针对护理人员…).
    const ranged = /^(\d{1,2}\s*[-–~～]\s*\d{1,3})\s+([^\s\d分].*)$/.exec(text.trim());
    if (ranged) {
      pushAll([ranged[1], ranged[2]]);
      return { cells, spaceRow: false };
    }
    const tail = prevSpaceRow ? SPACE_TAIL.exec(text.trim()) : null;
    // (A criteria line that wrapped before 得 0-3 分 is not a name's tail.)
    if (
      tail &&
      !/^(?:得|扣|分|的|每|最|共|或|及|和|与|为|按|加|不)$|得|的$/.test(tail[1]) &&
      !CRIT_OPENER.test(tail[1]) &&
      !notNamePiece(tail[1])
    ) {
      push(tail[1], lead, { nameTail: true });
      push(tail[2], text.indexOf(tail[2], lead + tail[1].length));
      return { cells, spaceRow: true };
    }
  }
  // Columns kept apart by runs of spaces (`pdftotext -layout`, text copied from a fixed-width view).
  if (/\S\s{2,}\S/.test(text)) {
    const re = /\S+(?: \S+)*/g;
    let m: RegExpExecArray | null;
    while ((m = re.exec(text))) {
      // A narrow 序号 column leaves one space before the name (6 信息安全及保密措, T6 服务方案): two
      // cells; so does a name that runs up to its points (机房基础设施运维方 8%).
      const serial = cells.length ? null : /^(\d{1,2}|[A-Za-z]{1,2}-?\d{1,2}) (?=[\u4e00-\u9fa5])/.exec(m[0]);
      const piece = serial ? m[0].slice(serial[0].length) : m[0];
      const at = m.index + (serial ? serial[0].length : 0);
      if (serial) push(serial[1], m.index);
      // (Only the row's name cell, right after its code: a criteria line may end in a number too.)
      const pts =
        cells.length <= 1
          ? /^([\u4e00-\u9fa5（）()、]{2,16}) (\d{1,3}(?:\.\d+)?\s*(?:%|％|分)?)$/.exec(piece)
          : null;
      if (pts && !/[（(][^）)]*$/.test(pts[1])) {
        push(pts[1], at);
        push(pts[2], at + pts[1].length + 1);
      } else push(piece, at);
    }
    return { cells, spaceRow: false };
  }
  // A serial and a name alone, one space apart (6 信息安全及保密措, its row wrapped): two cells.
  const serial = /^(\s*\d{1,2}) (?=[\u4e00-\u9fa5][\u4e00-\u9fa5（）()、]+$)/.exec(text);
  if (serial) {
    push(serial[1], 0);
    push(text.slice(serial[0].length), serial[0].length);
    return { cells, spaceRow: false };
  }
  push(text, 0);
  return { cells, spaceRow: false };
}

/** A name and its points that a PDF put in one cell after the serial (8 | 应急保障预案5). */
const GLUED = /^([\u4e00-\u9fa5（）()、]{2,30}[\u4e00-\u9fa5）)])(\d{1,2}(?:\.\d)?)$/;

function unglue(cells: RawCell[]): RawCell[] {
  const out: RawCell[] = [];
  cells.forEach((c, i) => {
    const m = i > 0 && /^\d{1,2}$/.test(cells[i - 1].text) ? GLUED.exec(c.text) : null;
    if (!m) {
      out.push(c);
      return;
    }
    out.push({ text: m[1], offset: c.offset }, { text: m[2], offset: c.offset + m[1].length });
  });
  return out;
}

const LOT_ALONE = new RegExp(
  `^(?:第?[\\d一二三四五六七八九十]+)?(?:${LOT_WORD_BEFORE_NO}|${LOT_WORD_AFTER_NO})(?:[\\d一二三四五六七八九十]+)?[：:]?$`,
);

/** Text that reads as a factor's name: short, no sentence punctuation, not a score band or a rule. */
export function nameLike(s: string): boolean {
  // A note in the name's cell (现状调研（注：须附调研报告）) is read past: the name is before it.
  const t = s.replace(/\s+/g, '').replace(/(?<=..)[（(](?:注|备注|说明)[：:][^）)]*[）)]?$/, '');
  if (t.length < 1 || t.length > 32) return false;
  if (/[，,。；;！!？?=＝×÷]/.test(t)) return false;
  if (/[：:]/.test(t) && !/[：:]$/.test(t)) return false;
  if (
    /^(优|良|中|差|一般|较好|较差|好|合格|不合格)[（(：:，,\d]|^(得\d|扣\d|每(?:有|提供|项|个|增加|减少|少|多)|未(?:提供|按|满足)|按照|如有|若有|对于|提供了?|具有|满足|须|应当|应提供|应具|不得|不满足|不提供)/.test(
      t,
    )
  )
    return false;
  if (/得\d|扣\d|\d分[；;，,。]/.test(t)) return false;
  // How the points are computed (按低价优先法计算, 按公式计分) is the criteria cell, not the factor.
  if (/^按.{0,16}(?:计算|计分|评分|得分|执行)$/.test(t)) return false;
  // A rule cut before its points (…一级注册建造师的得 | 3 分) is criteria, not a name.
  if (/的[得扣]$/.test(t)) return false;
  if (/^[\d.．、）)]+$/.test(t)) return false;
  // A wrapped rule's next line (～2分, -3分) continues a range; it names nothing.
  if (/^[～~\-–—至]/.test(t)) return false;
  // Nor does the last character of a wrapped rule, title or header (…不得 / 分, …评分标 / 准, 序 / 号).
  if (/^[分准则号]$/.test(t)) return false;
  // An enumerator alone (（3）, 3）) numbers a row; it names nothing.
  if (/^[（(]?[\d一二三四五六七八九十]{1,3}[)）.、．]?$/.test(t)) return false;
  // A 包 marker alone (包2：25分 in a 小计 cell) names a 包, not a factor.
  if (LOT_ALONE.test(t)) return false;
  return true;
}

/** Points written inside a name: 施工方案（12分）, 报价得分（满分30分）. */
export function pointsInName(s: string): { name: string; points: number } | null {
  const m =
    /^(.{1,40}?)\s*[（(【〔［[]\s*(?:满分|最高|共计?|计|分值|权重)?\s*[:：]?\s*(\d{1,3}(?:\.\d+)?)\s*(分|%|％)?\s*[）)】〕］\]]\s*[：:]?$/.exec(
      s.trim(),
    );
  // A bare number in brackets (修剪作业方案（15）, a 评审项目（分值） column) after a name in words.
  if (
    m &&
    !m[3] &&
    !(/^[\u4e00-\u9fa5、]{2,30}$/.test(m[1].trim()) && Number(m[2]) >= 1 && Number(m[2]) <= 100)
  )
    return null;
  return m ? { name: m[1].trim(), points: Number(m[2]) } : null;
}

/** A TAB-separated cell of a line, trimmed, with where it stands in the text. */
export interface TabCell {
  text: string;
  span: Span;
}

/**
 * A short Chinese label with its English translation after it, as bilingual (国际招标) tables write
 * their cells (评价因素Evaluation Factor, 价格Price, 合计Total): the Chinese label.
 */
const TRANSLATED =
  /^([^A-Za-z。；;，,：:]{1,30}?[\u4e00-\u9fa5）)])\s*[A-Z][A-Za-z.'’&-]*(?:[\s/]+[A-Za-z.'’&()-]+)*\.?$/;

export function untranslated(text: string): string {
  return TRANSLATED.exec(text)?.[1] ?? text;
}

/** The line's TAB cells, empty ones included (they keep the columns). */
export function tabCells(l: Line): TabCell[] {
  const out: TabCell[] = [];
  let at = 0;
  for (const raw of l.text.split('\t')) {
    const lead = raw.length - raw.trimStart().length;
    const text = untranslated(raw.trim());
    const start = l.start + at + lead;
    out.push({ text, span: { start, end: start + text.length } });
    at += raw.length + 1;
  }
  return out;
}
