import { bodyOf, depthOf, type Reading } from './blocks.ts';
import { readGrid, type GridRow } from './grid.ts';
import { lotMarker } from './lot-marker.ts';

/**
 * The parts of a tender the readers of requirements, ★ clauses and 包 need: which blocks lie in the
 * requirement parts (采购需求 / 技术参数 / 服务要求 / 商务要求, not their notes or forms) and which
 * 包 a heading above each block names.
 */

const REQ_HEAD =
  /(采购需求|技术参数|技术要求|服务要求|服务内容|实质性要求|需求书|技术规格|参数要求|商务要求|人员配置要求|规划编制要求|主要设备技术要求|售后服务要求|采购清单|货物清单|作业标准|配置要求)/;
/** A heading that names a form or table to fill in (服务要求响应表), not the requirements themselves. */
const FORM_HEAD = /响应表|偏离表|响应情况|一览表|格式|范本|承诺函|声明函|授权书/;
/**
 * Parts of a tender that are never 采购需求 even when they follow it without a 第X章 heading:
 * instructions to bidders, contract terms, evaluation rules, the bid format, complaint templates.
 */
const NOT_REQ_HEAD =
  /^(附件|附录|附表)|投标人须知|供应商须知|合同(主要)?条款|合同条款及格式|质疑|投诉|评标(方法|办法)|评审(方法|办法)|评分(标准|办法)|投标文件(格式|的组成)|响应文件(格式|的组成)|开标|资格(审查|性审查)|符合性审查|政府采购政策|无效(投标|响应)|废标/;
/**
 * Chapters none of whose headings opens 采购需求 (a contract chapter may carry 技术标准 and 技术要求,
 * and a tender may append its 商务要求 after the 投标文件格式 chapter without a heading of its own).
 */
const NEVER_REQ_CHAPTER =
  /投标人须知|供应商须知|磋商须知|谈判须知|评标(方法|办法)|评审(方法|办法)|评分(标准|办法)|资格审查/;
/** A part that explains the requirements (技术参数说明, 注) rather than stating them. */
const NOTE_HEAD = /说明$|^说明|^注[：:]?$|注意事项/;
interface Part {
  depth: number;
  /** Opened by a heading without an enumerator (采购需求): the next such heading closes it. */
  plain: boolean;
}

export interface Structure {
  reading: Reading;
  grid: Map<number, GridRow>;
  /** Per block: inside a requirement part. */
  inside: boolean[];
  /** Per block: the 包 a heading above it names (null: none). */
  lotOf: Array<number | null>;
}

/** The blocks, tables, requirement parts and 包 parts of a tender, read once. */
export function readStructure(reading: Reading): Structure {
  return { reading, grid: readGrid(reading.blocks), ...requirementScope(reading) };
}

/** Which blocks lie inside the requirement parts, and the 包 each block falls under. */
function requirementScope(r: Reading): { inside: boolean[]; lotOf: Array<number | null> } {
  const inside: boolean[] = [];
  const lotOf: Array<number | null> = [];
  let part: Part | null = null;
  let note: Part | null = null;
  // A 包 named by a heading holds until the next heading of its depth or above; one named by a
  // heading without an enumerator (采购包1：…) until the chapter ends or another 包 is named.
  let lot: { no: number; depth: number } | null = null;
  // Inside 投标人须知 (or another chapter that is never 采购需求) a heading such as 实质性要求（★条款）
  // names the conditions of a valid bid, not requirements to respond to.
  let chapterNotReq = false;
  for (const b of r.blocks) {
    const heading = b.kind === 'heading' || b.kind === 'chapter';
    if (heading) {
      const depth = b.kind === 'chapter' ? 0 : depthOf(b.style);
      const plain = b.kind === 'heading' && !b.style;
      const body = bodyOf(b);
      const marker = lotMarker(b.text);
      if (lot && depth <= lot.depth) lot = null;
      if (note && (depth <= note.depth || plain)) note = null;
      if (b.kind === 'chapter') {
        chapterNotReq = NEVER_REQ_CHAPTER.test(body);
        part =
          REQ_HEAD.test(body) && !FORM_HEAD.test(body) && !NOT_REQ_HEAD.test(body)
            ? { depth: 0, plain: false }
            : null;
      } else if (NOT_REQ_HEAD.test(body)) {
        part = null;
      } else if (REQ_HEAD.test(body) || (marker != null && part)) {
        if (FORM_HEAD.test(body)) {
          if (part && part.depth > 0) part = null;
        } else if (!part && !chapterNotReq) part = { depth, plain };
      } else if (part && part.depth > 0 && (part.plain ? plain : !plain && depth <= part.depth)) {
        // The next sibling of the heading that opened the part: the part is over.
        part = null;
      }
      if (marker != null) lot = { no: marker, depth: b.style ? depth : 0 };
      if (part && NOTE_HEAD.test(body)) note = { depth, plain };
    }
    inside.push(Boolean(part) && !note && !heading);
    lotOf.push(lot?.no ?? null);
  }
  return { inside, lotOf };
}
