import type { Requirement, SourceSpan } from '@bid/shared';
import { truncate } from '../tender-text.ts';
import { bodyOf, starMark, type Block } from './blocks.ts';
import { rowLot, rowStatement, type GridRow } from './grid.ts';
import type { Structure } from './structure.ts';

/**
 * The stated requirements (采购需求 / 技术参数 / 服务要求 / 商务要求) as the rows of a response
 * table: numbered clauses, table rows with their values, ★/▲ lines. Never a table's header, a
 * totals row, a sub-heading, the name of a form, an instruction about filling the tables, or page
 * furniture. Each keeps the span of its passage.
 */

/** An instruction about the response forms or about what the marks mean: no requirement of its own. */
const INSTRUCTION =
  /《[^》]*(表|函)》|标注\s*[“"]?\s*[★▲]|[“"][★▲][”"]|[★▲]\s*号?(参数|条款|要求)\s*(为|是)|仅适用于该|只需对所投/;
/** A paragraph that states a requirement under a label (道路保洁质量总体要求：…). */
const LABELLED = /^[^，。；：:]{2,16}(要求|标准|规定)[：:]\s*\S/;
const VERB = /须|应|不得|不少于|不低于|不超过|不大于|不小于|≥|≤|具备|具有|配备|提供/;

const DISQUALIFIES = /的[，,]\s*(?:其)?(?:投标|响应)(?:文件)?(?:将被|应)?(?:无效|否决|作废标处理)[。；;]?$/;
/** A contract's terms (有下列情形之一的，征集人有权解除框架协议) bind after award; the bid does not answer them. */
const CONTRACT_TERM = /有权(?:单方(?:面)?)?(?:解除|终止)|违约金|违约责任/;

function span(b: Block): SourceSpan {
  return { start: b.start, end: b.end };
}

/** Each stated requirement, with its mark, its 包 and its span. */
export function extractRequirements(st: Structure, multiLot: boolean): Requirement[] {
  const { reading: r, grid, inside, lotOf } = st;
  const out: Requirement[] = [];
  const add = (text: string, mark: '★' | '▲' | null, lot: number | null, b: Block) => {
    const t = text.replace(/\s+/g, ' ').trim();
    // A bare parameter name whose value sits in another cell (★质量范围) is no requirement row.
    if (t.length < 6 || !/[\p{Script=Han}A-Za-z]/u.test(t)) return;
    if (out.some((o) => o.text === t && o.lot === lot)) return;
    out.push({
      id: `R${out.length + 1}`,
      text: truncate(t, 2000),
      star: mark === '★',
      mark,
      lot: multiLot ? lot : null,
      source: span(b),
    });
  };
  r.blocks.forEach((b, i) => {
    if (!inside[i] || out.length >= 300) return;
    if (b.kind === 'row') {
      const g = grid.get(i);
      if (!g || g.kind !== 'row') return;
      if (isFormTable(g)) return;
      add(rowStatement(g, b.wrapped), g.mark, rowLot(g, lotOf[i]), b);
      return;
    }
    // ★1. 服务期限… : the enumerator may follow the mark.
    const mark = starMark(bodyOf(b)[0]);
    const body = mark ? bodyOf({ text: bodyOf(b).replace(/^[★▲]\s*/, ''), style: 'num' }) : bodyOf(b);
    // A 废标 condition (未按规定提交投标保证金的，投标无效) is a clause, not a requirement to answer.
    if (!mark && (DISQUALIFIES.test(body) || CONTRACT_TERM.test(body))) return;
    if (b.kind === 'item') {
      // A lead-in (具体要求如下：) introduces the items under it; they are the rows.
      if (/[：:]$/.test(body) && body.length <= 40) return;
      if (INSTRUCTION.test(body)) return;
      add(body, mark, lotOf[i], b);
      return;
    }
    if (b.kind === 'prose' && (mark || (LABELLED.test(body) && VERB.test(body)))) {
      if (!INSTRUCTION.test(body)) add(body, mark, lotOf[i], b);
    }
  });
  return out;
}

/** A table the bidder fills in (its header asks for the response or deviation): no requirement rows. */
function isFormTable(g: GridRow): boolean {
  return Boolean(g.header?.some((h) => /响应|偏离|投标人填写|实际参数|应答/.test(h)));
}
