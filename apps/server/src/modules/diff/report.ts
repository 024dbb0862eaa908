import type { PMNode } from '@bid/document';
import type { ExportChapter } from '@bid/document/docx/types';
import { writeBidDocx } from '@bid/document/docx/writer';
import { BUILTIN_TEMPLATES, DEFAULT_TEMPLATE_ID } from '@bid/document/templates/builtin';
import type { DiffDetail } from '@bid/shared';

/** Passages written into the report (the longest first); the page lists them all. */
const REPORT_PASSAGES = 300;

const text = (t: string, marks?: PMNode['marks']): PMNode => ({
  type: 'text',
  text: t,
  ...(marks ? { marks } : {}),
});
const para = (...content: PMNode[]): PMNode => ({
  type: 'paragraph',
  content: content.filter((c) => c.text !== ''),
});
const cell = (t: string, header = false): PMNode => ({
  type: header ? 'tableHeader' : 'tableCell',
  content: [para(text(t || '—'))],
});
const table = (head: string[], rows: string[][]): PMNode => ({
  type: 'table',
  content: [
    { type: 'tableRow', content: head.map((h) => cell(h, true)) },
    ...rows.map((r) => ({ type: 'tableRow', content: r.map((c) => cell(c)) })),
  ],
});
const doc = (...content: PMNode[]): PMNode => ({ type: 'doc', content });

function docName(d: DiffDetail, key: string): string {
  const found = d.documents.find((x) => x.key === key);
  return found ? `${key}：${found.name}` : key;
}

const pct = (n: number) => `${Math.round(n * 100)}%`;

/**
 * The comparison as a Word report through the project's .docx writer: summary per pair, shared
 * passages side by side (highlighted), shared pictures, shared document properties.
 */
export function reportChapters(d: DiffDetail): ExportChapter[] {
  const summary: ExportChapter = {
    title: '查重概要',
    content: doc(
      para(
        text(
          `比对文件 ${d.documents.length} 份，最高雷同度 ${d.score} 分（0–100，按重复文字占比及相似度计算）。`,
        ),
      ),
      ...(d.tenderExcluded ? [para(text('已排除与招标文件相同的引用文字。'))] : []),
      table(
        ['编号', '文件', '来源', '图片数'],
        d.documents.map((x) => [
          x.key,
          x.name,
          x.source === 'bid' ? '我的标书' : '上传文件',
          String(x.images),
        ]),
      ),
      table(
        ['文件对', '雷同度', '相似段落', '相同图片', '相同属性'],
        d.pairs.map((p) => [
          `${p.a} 与 ${p.b}`,
          String(p.score),
          String(p.passages),
          String(p.images),
          String(p.metadata),
        ]),
      ),
      para(text('本报告供投标前自查使用，帮助发现无意中的雷同内容；请核实后按实际情况修改。')),
    ),
  };
  const chosen = [...d.passages]
    .sort((x, y) => y.a.end - y.a.start - (x.a.end - x.a.start))
    .slice(0, REPORT_PASSAGES);
  const highlight = [{ type: 'highlight' }];
  const passages: ExportChapter = {
    title: '相似段落',
    content: chosen.length
      ? doc(
          ...(chosen.length < d.passages.length
            ? [para(text(`共 ${d.passages.length} 处，以下列出最长的 ${chosen.length} 处。`))]
            : []),
          ...chosen.flatMap((p, i) => [
            para(text(`第 ${i + 1} 处（相似度 ${pct(p.similarity)}）`, [{ type: 'bold' }])),
            para(text(`${docName(d, p.a.key)}：`, [{ type: 'bold' }]), text(p.a.text, highlight)),
            para(text(`${docName(d, p.b.key)}：`, [{ type: 'bold' }]), text(p.b.text, highlight)),
          ]),
        )
      : doc(para(text('未发现相似段落。'))),
  };
  const images: ExportChapter = {
    title: '相同或相似图片',
    content: d.images.length
      ? doc(
          ...d.images.flatMap((m, i) => [
            para(
              text(
                `第 ${i + 1} 组（差异 ${m.distance}/63）：${docName(d, m.a.key)} 第 ${m.a.index + 1} 张，${docName(d, m.b.key)} 第 ${m.b.index + 1} 张`,
              ),
            ),
            {
              type: 'image',
              attrs: { src: m.a.thumb, caption: `${docName(d, m.a.key)} 第 ${m.a.index + 1} 张` },
            },
            {
              type: 'image',
              attrs: { src: m.b.thumb, caption: `${docName(d, m.b.key)} 第 ${m.b.index + 1} 张` },
            },
          ]),
        )
      : doc(para(text('未发现相同或相似图片。'))),
  };
  const metadata: ExportChapter = {
    title: '相同的文档属性',
    content: d.metadata.length
      ? doc(
          table(
            ['属性', '值', '相同的文件'],
            d.metadata.map((m) => [m.field, m.value, m.keys.map((k) => docName(d, k)).join('、')]),
          ),
        )
      : doc(para(text('未发现相同的文档属性（作者、公司、修改人、创建工具、模板、修订标识、创建时间）。'))),
  };
  return [summary, passages, images, metadata];
}

export async function writeDiffReport(d: DiffDetail): Promise<Buffer> {
  const template = BUILTIN_TEMPLATES.find((t) => t.id === DEFAULT_TEMPLATE_ID)!.definition;
  return writeBidDocx({
    bid: { name: `查重报告 ${d.name}`, projectName: `查重报告：${d.name}`, date: d.createTime.slice(0, 10) },
    chapters: reportChapters(d),
    template,
  });
}
