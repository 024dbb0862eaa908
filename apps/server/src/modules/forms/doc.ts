import type { PMNode } from '@bid/document';
import type { FilledBlock, FormSegment } from '@bid/shared';

/**
 * A filled form as the editor's document: the tender's paragraphs and tables as they are, a filled
 * blank underlined (as the tender's line was), an open blank left as the tender drew it. A cell of
 * one space continues the merged cell before it (the parser writes a horizontal merge so).
 */

function runs(segments: FormSegment[]): PMNode[] {
  return segments
    .filter((s) => s.text)
    .map((s) =>
      s.blank === 'filled'
        ? { type: 'text', text: s.text, marks: [{ type: 'underline' }] }
        : { type: 'text', text: s.text },
    );
}

const paragraph = (segments: FormSegment[]): PMNode => {
  const content = runs(segments);
  return content.length ? { type: 'paragraph', content } : { type: 'paragraph' };
};

function row(cells: FormSegment[][]): PMNode {
  const out: PMNode[] = [];
  for (const [i, cell] of cells.entries()) {
    const filler = cell.length === 1 && cell[0].text === ' ' && !cell[0].blank;
    const last = out.at(-1);
    if (filler && i > 0 && last) {
      last.attrs = { ...last.attrs, colspan: Number(last.attrs?.colspan ?? 1) + 1 };
      continue;
    }
    out.push({
      type: 'tableCell',
      attrs: { colspan: 1, rowspan: 1, colwidth: null },
      content: [paragraph(filler ? [] : cell)],
    });
  }
  return { type: 'tableRow', content: out };
}

export function formDoc(blocks: FilledBlock[]): PMNode {
  return {
    type: 'doc',
    content: blocks.map((b) =>
      b.kind === 'paragraph' ? paragraph(b.segments) : { type: 'table', content: b.rows.map(row) },
    ),
  };
}
