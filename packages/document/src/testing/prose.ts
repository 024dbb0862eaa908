import { countWords } from '@bid/shared';

/**
 * Bid-like Markdown of an exact word count (countWords: CJK characters plus Latin words), for the
 * page model: the measuring script and the page-count test write chapters with it. Paragraphs of
 * 80–220 characters, a ### subheading every few paragraphs and a short numbered list now and then,
 * as chapters of a real bid look. Deterministic for a seed.
 */

const CLAUSES = [
  '严格按照招标文件的技术要求和评分标准组织实施',
  '组建结构合理的项目团队并明确岗位职责',
  '关键工序实行旁站监督和验收签字制度',
  '提前编制专项方案并储备必要的设备和材料',
  '各层之间通过标准接口交互便于扩展和维护',
  '进场材料均提供出厂合格证和检测报告',
  '建立全天候值班制度并在规定时限内响应',
  '定期组织安全教育培训和应急演练',
  '采用本地与异地双重备份机制保障数据安全',
  '验收前进行全面自检并形成完整的过程资料',
  '每周召开例会对比计划与实际进度并及时纠偏',
  '问题清单定人定时定措施整改并闭环销项',
  '与采购人保持密切沟通及时响应需求变化',
  '按区域和风险等级划分作业标准和检查频次',
];
const HEADS = [
  '工作目标',
  '组织保障',
  '实施步骤',
  '控制要点',
  '检查与考核',
  '风险应对',
  '资源配置',
  '成果交付',
];
const FILL = '本项目工作内容按照计划有序推进确保质量安全进度全面受控';

function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** A paragraph of exactly `n` CJK characters (punctuation not counted). */
function paragraph(n: number, next: () => number): string {
  let out = '';
  let words = 0;
  while (words < n) {
    const clause = CLAUSES[Math.floor(next() * CLAUSES.length)];
    const take = Math.min(clause.length, n - words);
    const piece = take === clause.length ? clause : (clause + FILL).slice(0, take);
    words += take;
    out += piece + (words >= n ? '。' : next() < 0.3 ? '。' : '，');
  }
  return out;
}

export function proseMarkdown(words: number, seed = 1): string {
  const next = rng(seed);
  const blocks: string[] = [];
  let left = Math.max(0, Math.round(words));
  let sinceHead = 0;
  while (left > 0) {
    if (sinceHead >= 4 && left > 300) {
      const h = HEADS[Math.floor(next() * HEADS.length)];
      blocks.push(`### ${h}`);
      left -= h.length;
      sinceHead = 0;
      continue;
    }
    if (sinceHead === 2 && left > 400 && next() < 0.35) {
      const items = [0, 1, 2].map(() => paragraph(24 + Math.floor(next() * 20), next));
      blocks.push(items.map((t, i) => `${i + 1}. ${t}`).join('\n'));
      left -= items.reduce((s, t) => s + countWords(t), 0);
      sinceHead += 1;
      continue;
    }
    const len = Math.min(left, 80 + Math.floor(next() * 140));
    // Never leave a remainder too small for a paragraph of its own.
    const n = left - len < 40 ? left : len;
    blocks.push(paragraph(n, next));
    left -= n;
    sinceHead += 1;
  }
  return blocks.join('\n\n');
}
