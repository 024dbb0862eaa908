import type { PMNode } from '@bid/document';
import { tableKindOf } from '../../ai/plan/tables.ts';
import { findAnswer, readChapter, type ChapterText } from '../checks/scan.ts';
import { OTHER_VOLUME } from './score-index.ts';

/**
 * The 偏离表's proof column as live page numbers (issue 31, scope 4, with the 评分索引表 of
 * score-index.ts). A response / deviation table (技术参数响应及偏离表 …) states per row what the
 * tender requires; the evaluator then looks for where the bid proves it. At export, a row whose
 * requirement a chapter of the bid commits to (the checks' own findAnswer: it restates the
 * requirement and the bidder binds itself) gets 见“chapter”第 N 页 in its 说明 cell, N a PAGEREF
 * to that chapter's heading. A cell the writer filled is kept; so is every row nobody answers.
 */

/** The column that holds the proof's place: 说明, 证明材料(页码), 备注, 页码. */
const PROOF_HEAD = /^(?:说明|备注|证明材料.*|.*页码|证明.*|佐证.*|.*索引)$/;
/** The column that states the requirement. */
const REQUIREMENT_HEAD =
  /招标(?:文件)?要求|采购(?:文件)?要求|采购需求|技术(?:参数|要求)|要求内容|服务要求|商务(?:条款|要求)/;
const OPEN_CELL = /^(?:【待填写：[^】]*】|[\s—\-/／]*)$/;

function textOf(n: PMNode): string {
  if (n.type === 'text') return n.text ?? '';
  if (n.type === 'placeholder') return `【待填写：${String(n.attrs?.label ?? '')}】`;
  return (n.content ?? []).map(textOf).join('');
}

const squash = (s: string) => s.replace(/\s+/g, '');

export function isDeviationTable(title: string): boolean {
  const kind = tableKindOf(title);
  return kind !== null && kind !== 'scoreIndex';
}

/** The chapters a 偏离表 row may point to: every exported chapter with text that is not a response table or index. */
export function proofChapters(
  chapters: Array<{ id: string; title: string; content: PMNode | null }>,
): ChapterText[] {
  return chapters
    .filter((c) => c.content && tableKindOf(c.title) === null)
    .map((c) => ({ id: c.id, title: c.title, path: [c.title], ...readChapter(c.content) }))
    .filter((c) => c.hasContent);
}

/** The table's content with each answered row's proof cell a reference to the chapter's page. */
export function linkDeviationTable(content: PMNode, proofs: ChapterText[]): PMNode {
  const table = (t: PMNode): PMNode => {
    const rows = t.content ?? [];
    const head = (rows[0]?.content ?? []).map((c) => squash(textOf(c)));
    const reqCol = head.findIndex((h) => REQUIREMENT_HEAD.test(h));
    const proofCol = head.findIndex((h, i) => i !== reqCol && PROOF_HEAD.test(h));
    if (reqCol < 0 || proofCol < 0) return t;
    return {
      ...t,
      content: rows.map((row, i) => {
        const cells = row.content ?? [];
        if (i === 0 || !cells[reqCol] || !cells[proofCol]) return row;
        if (!OPEN_CELL.test(textOf(cells[proofCol]).trim())) return row;
        const requirement = textOf(cells[reqCol])
          .replace(/^[★▲\s]+/, '')
          .trim();
        if (requirement.length < 4) return row;
        const where = findAnswer(requirement, proofs).chapters[0];
        if (!where) return row;
        const proof: PMNode = {
          ...cells[proofCol],
          content: [
            {
              type: 'paragraph',
              content: [
                { type: 'text', text: `见“${where.title}”` },
                {
                  type: 'pageRef',
                  attrs: { chapter: where.id, fallback: `（${OTHER_VOLUME}）`, before: '第 ', after: ' 页' },
                },
              ],
            },
          ],
        };
        return { ...row, content: cells.map((c, j) => (j === proofCol ? proof : c)) };
      }),
    };
  };
  return { ...content, content: (content.content ?? []).map((n) => (n.type === 'table' ? table(n) : n)) };
}
