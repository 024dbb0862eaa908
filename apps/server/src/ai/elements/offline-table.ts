import { shortLabel, stepMarker, type Block, type ElementContext } from './context.ts';
import { chapterSteps, sections } from './offline.ts';
import type { TableModel } from './table.ts';

/** The offline engine's table element: built by rule from the chapter's own enumerations. */

function labelled(text: string): [string, string] | null {
  const m = /^([^：:，。；【】]{2,20})[：:]\s*(.+)$/.exec(text.trim());
  return m ? [m[1].trim(), m[2].trim()] : null;
}

function clip(s: string, max: number): string {
  const chars = [...s.trim()];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : chars.join('');
}

/**
 * A table from the chapter's enumerations: "名称：说明" items become 项目/内容 rows, sections become
 * 要点/主要内容 rows; without either, its outline children with placeholders for the content.
 */
export function offlineTable(ctx: ElementContext): TableModel {
  const candidates: TableModel[] = [];
  const title = shortLabel(ctx.chapterTitle, 30) || '本章';

  // "Label：text" items in lists or paragraphs.
  const pairs: Array<[string, string]> = [];
  for (const b of ctx.blocks) {
    if (b.kind === 'list')
      for (const i of b.items) {
        const p = labelled(i.text);
        if (p) pairs.push(p);
      }
    if (b.kind === 'paragraph') {
      const p = labelled(stepMarker(b.text)?.rest ?? b.text);
      if (p) pairs.push(p);
    }
  }
  if (pairs.length >= 3) {
    candidates.push({
      caption: `${title}一览表`,
      columns: ['序号', '项目', '内容'],
      rows: pairs.map(([k, v], i) => [String(i + 1), clip(k, 30), clip(v, 120)]),
    });
  }

  // Sections: heading + first paragraph.
  const secs = sections(ctx.blocks);
  if (secs.length >= 3) {
    candidates.push({
      caption: `${title}要点表`,
      columns: ['序号', '要点', '主要内容'],
      rows: secs.map((s, i) => {
        const para = s.body.find((b) => b.kind === 'paragraph') as { text: string } | undefined;
        const list = s.body.find((b) => b.kind === 'list') as Extract<Block, { kind: 'list' }> | undefined;
        const content = para?.text ?? list?.items.map((x) => x.text).join('；') ?? '【待填写】';
        return [String(i + 1), clip(s.title, 30), clip(content, 120)];
      }),
    });
  }

  // The longest plain list, or numbered paragraphs: the step's short name, and the rest as its note.
  const steps = chapterSteps(ctx);
  if (steps.length >= 3) {
    const rows = steps.map((s, i) => {
      const p = labelled(s);
      if (p) return [String(i + 1), clip(p[0], 30), clip(p[1], 120)];
      const name = shortLabel(s, 30);
      const rest = s
        .slice(name.replace(/…$/, '').length)
        .replace(/^[，,；;。：:\s]+/, '')
        .trim();
      return [String(i + 1), clip(name, 30), clip(rest, 120)];
    });
    const hasNotes = rows.some((r) => r[2]);
    candidates.push({
      caption: `${title}工作内容表`,
      columns: hasNotes ? ['序号', '工作内容', '说明'] : ['序号', '工作内容', '责任岗位', '完成标准'],
      // Without notes in the text, the columns a reviewer expects are left for the writer to fill.
      rows: hasNotes ? rows : rows.map((r) => [r[0], r[1], '【待填写】', '【待填写】']),
    });
  }

  if (ctx.childTitles.length >= 2) {
    candidates.push({
      caption: `${title}内容组成表`,
      columns: ['序号', '内容', '说明'],
      rows: ctx.childTitles.map((t, i) => [String(i + 1), clip(t, 40), '【待填写】']),
    });
  }

  const best = candidates.sort((a, b) => b.rows.length - a.rows.length)[0];
  if (best) return { ...best, rows: best.rows.slice(0, 40) };
  return {
    caption: `${title}一览表`,
    columns: ['序号', '项目', '内容', '备注'],
    rows: [1, 2, 3].map((i) => [String(i), '【待填写】', '【待填写】', '']),
  };
}
