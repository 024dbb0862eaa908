import { Document, Packer, Paragraph, TextRun, Table, TableRow, TableCell, HeadingLevel, WidthType } from 'docx';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
const sentence = '本项目严格按照招标文件要求组织实施，确保系统稳定运行并满足各项技术指标。';
const paras: any[] = []; let md = '';
let chars = 0; let t = 0;
for (let ch = 0; ch < 100; ch++) {
  paras.push(new Paragraph({ text: `第${ch}章 标题`, heading: HeadingLevel.HEADING_1 })); md += `# 第${ch}章 标题\n\n`;
  for (let p = 0; p < 15; p++) {
    const text = sentence.repeat(6); chars += text.length;
    paras.push(new Paragraph({ children: [new TextRun({ text, font: { eastAsia: '宋体', ascii: 'Times New Roman' }, size: 24 })] })); md += text + '\n\n';
    if (p % 8 === 0 && t < 200) { t++;
      const rows = Array.from({ length: 10 }, (_, r) => new TableRow({ children: Array.from({ length: 5 }, (_, c) => new TableCell({ children: [new Paragraph(`单元格${r}-${c}`)] })) }));
      paras.push(new Table({ rows, width: { size: 100, type: WidthType.PERCENTAGE } }));
      md += '| a | b | c | d | e |\n|---|---|---|---|---|\n' + Array.from({length:9},(_, r)=>`| 单元格${r}-0 | 单元格${r}-1 | 单元格${r}-2 | 单元格${r}-3 | 单元格${r}-4 |`).join('\n') + '\n\n';
    }
  }
}
console.log('chars', chars, 'tables', t);
let t0 = performance.now();
const doc = new Document({ sections: [{ children: paras }] });
const buf = await Packer.toBuffer(doc);
console.log('docx ms', performance.now() - t0, buf.length, 'rss', process.memoryUsage().rss / 1e6);
fs.writeFileSync('/tmp/exp/a.md', md);
t0 = performance.now();
execFileSync('pandoc', ['-f', 'markdown', '-t', 'docx', '-o', '/tmp/exp/p.docx', '/tmp/exp/a.md']);
console.log('pandoc ms', performance.now() - t0);
