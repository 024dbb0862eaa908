import type { PMNode } from '../../packages/document/src/model.ts';
import { markdownToDoc } from '../../packages/document/src/markdown.ts';
import type { ExportChapter } from '../../packages/document/src/docx/types.ts';

/**
 * A generated bid of about 300,000 Chinese characters: 10 chapters × 5 sections × 4 subsections,
 * 200 tables (some with merged cells), diagrams in 30 subsections. Deterministic (seeded), so
 * runs are comparable. Also yields the same content as one Markdown document for pandoc.
 */

const SENTENCES = [
  '本项目严格按照招标文件的技术要求和评分标准组织实施，确保各项指标全面达标。',
  '我方将组建经验丰富的项目团队，项目经理具有十年以上同类项目管理经验。',
  '施工过程中严格执行质量管理体系，关键工序实行旁站监督和验收签字制度。',
  '针对雨季施工的特点，提前编制专项方案，储备足够的排水设备和防护材料。',
  '系统采用分层架构设计，各层之间通过标准接口通信，便于后期扩展和维护。',
  '所有进场材料均须提供出厂合格证和检测报告，并按规定比例进行见证取样复试。',
  '建立七乘二十四小时值班制度，接到报修后十五分钟内响应，两小时内到达现场。',
  '定期组织安全教育培训和应急演练，确保每位作业人员熟悉岗位安全操作规程。',
  '数据备份采用本地与异地双重备份机制，恢复点目标不超过十五分钟。',
  '项目验收前进行全面自检，形成完整的技术资料和竣工文件，按时移交采购人。',
];

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

export interface GeneratedBid {
  chapters: ExportChapter[];
  markdown: string;
  /** Diagram nodes in document order (the benchmark renders them once for both writers). */
  diagrams: PMNode[];
  chars: number;
  tables: number;
}

function cn(n: number): string {
  return ['零', '一', '二', '三', '四', '五', '六', '七', '八', '九', '十'][n] ?? String(n);
}

export function generateBid(opts: { chars?: number; tables?: number; diagrams?: number } = {}): GeneratedBid {
  const targetChars = opts.chars ?? 300_000;
  const tableCount = opts.tables ?? 200;
  const diagramCount = opts.diagrams ?? 30;
  const rand = rng(20250318);
  const L1 = 10;
  const L2 = 5;
  const L3 = 4;
  const leaves = L1 * L2 * L3;
  const perLeaf = Math.ceil(targetChars / leaves);
  const chapters: ExportChapter[] = [];
  const md: string[] = [];
  const diagrams: PMNode[] = [];
  let chars = 0;
  let tables = 0;
  let leaf = 0;
  const paragraph = () => {
    let p = '';
    const n = 3 + Math.floor(rand() * 4);
    for (let i = 0; i < n; i++) p += SENTENCES[Math.floor(rand() * SENTENCES.length)];
    return p;
  };
  for (let a = 1; a <= L1; a++) {
    const c1: ExportChapter = { title: `技术方案第${cn(a)}部分`, content: null, children: [] };
    md.push(`# 第${cn(a)}章 技术方案第${cn(a)}部分`);
    for (let b = 1; b <= L2; b++) {
      const c2: ExportChapter = { title: `实施内容${b}`, content: null, children: [] };
      md.push(`## ${a}.${b} 实施内容${b}`);
      for (let c = 1; c <= L3; c++) {
        leaf++;
        const parts: string[] = [];
        let len = 0;
        while (len < perLeaf) {
          const p = paragraph();
          parts.push(p);
          len += p.length;
        }
        chars += len;
        let body = parts.join('\n\n');
        if (tables < tableCount && leaf <= tableCount) {
          tables++;
          const rows = ['| 序号 | 工作内容 | 责任部门 | 完成时限 |', '| --- | --- | --- | --- |'];
          for (let r = 1; r <= 6; r++)
            rows.push(
              `| ${r} | ${SENTENCES[(r + leaf) % SENTENCES.length].slice(0, 14)} | 项目部 | 第${r * 5}天 |`,
            );
          body += `\n\n${rows.join('\n')}`;
        }
        const content = markdownToDoc(body);
        // Every fourth table gets merged cells, as the editor stores them.
        const table = content.content!.find((n) => n.type === 'table');
        if (table && leaf % 4 === 0) {
          const r1 = table.content![1].content!;
          r1[2].attrs = { ...r1[2].attrs, rowspan: 2 };
          table.content![2].content!.splice(2, 1);
        }
        if (diagrams.length < diagramCount && leaf % Math.floor(leaves / diagramCount) === 0) {
          const d: PMNode = {
            type: 'diagram',
            attrs: {
              kind: 'flowchart',
              caption: `实施流程图${diagrams.length + 1}`,
              model: {
                direction: 'TB',
                nodes: [
                  { id: 's', label: '开始', shape: 'terminal' },
                  { id: 'a', label: '编制专项方案', shape: 'process' },
                  { id: 'b', label: '方案是否通过审核？', shape: 'decision' },
                  { id: 'c', label: '组织实施', shape: 'process' },
                  { id: 'e', label: '结束', shape: 'terminal' },
                ],
                edges: [
                  { from: 's', to: 'a' },
                  { from: 'a', to: 'b' },
                  { from: 'b', to: 'a', label: '否' },
                  { from: 'b', to: 'c', label: '是' },
                  { from: 'c', to: 'e' },
                ],
              },
            },
          };
          diagrams.push(d);
          content.content!.push(d);
          body += `\n\n![实施流程图${diagrams.length}](diagram-${diagrams.length}.png)`;
        }
        c2.children!.push({ title: `具体措施${c}`, content, children: [] });
        md.push(`### ${a}.${b}.${c} 具体措施${c}`, body);
      }
      c1.children!.push(c2);
    }
    chapters.push(c1);
  }
  return { chapters, markdown: md.join('\n\n'), diagrams, chars, tables };
}
