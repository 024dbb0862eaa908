import { describe, expect, it } from 'vitest';
import { breakUnits, tableMetrics, textWidth, wrapBalanced, wrapText } from './text.ts';
import { fontFileMetrics } from './png.ts';

describe('text metrics', () => {
  it('measures CJK as 1em and Latin proportionally', () => {
    expect(textWidth('标书', 14)).toBe(28);
    const i = textWidth('i', 14);
    const m = textWidth('M', 14);
    expect(i).toBeLessThan(m);
    expect(m).toBeLessThan(14);
  });

  it('the generated table agrees with the font file for common characters', () => {
    const exact = fontFileMetrics();
    const sample = '投标文件 Bid-2025: 工期（180 日历天），质量“合格”。ABCxyz0123456789…—①★';
    for (const ch of sample) {
      const cp = ch.codePointAt(0)!;
      for (const bold of [false, true])
        expect(tableMetrics.advance(cp, bold)).toBeCloseTo(exact.advance(cp, bold), 3);
    }
  });
});

describe('wrapping', () => {
  it('breaks between Chinese characters and keeps Latin words whole', () => {
    const lines = wrapText('施工组织设计 Construction Plan 说明', 100, { fontSize: 14 });
    expect(lines.length).toBeGreaterThan(1);
    for (const l of lines) expect(textWidth(l, 14)).toBeLessThanOrEqual(100.01);
    expect(lines.join('|')).toMatch(/Construction/);
    expect(lines.some((l) => /Constr$/.test(l))).toBe(false);
  });

  it('never starts a line with closing punctuation', () => {
    const text = '一二三四五六七，八九十。甲乙丙丁戊己庚、辛壬癸';
    for (let w = 40; w < 200; w += 14) {
      for (const line of wrapText(text, w, { fontSize: 14 }).slice(1))
        expect('，。、').not.toContain(line[0]);
    }
  });

  it('splits a word longer than the line by character', () => {
    const lines = wrapText('https://example.invalid/a/very/long/path/that/cannot/fit', 80, { fontSize: 14 });
    expect(lines.length).toBeGreaterThan(2);
    for (const l of lines) expect(textWidth(l, 14)).toBeLessThanOrEqual(80.01);
  });

  it('truncates with an ellipsis beyond maxLines', () => {
    const lines = wrapText('这是一段非常长的说明文字，需要被截断显示在有限的空间里面以免撑破图形', 70, {
      fontSize: 14,
      maxLines: 2,
    });
    expect(lines).toHaveLength(2);
    expect(lines[1].endsWith('…')).toBe(true);
  });

  it('balances lines instead of leaving an orphan', () => {
    const plain = wrapText('接收招标文件并组织项目团队', 168, { fontSize: 14 });
    const balanced = wrapBalanced('接收招标文件并组织项目团队', 168, { fontSize: 14 });
    expect(plain.at(-1)).toHaveLength(1);
    expect(balanced).toHaveLength(plain.length);
    expect(Math.abs(balanced[0].length - balanced[1].length)).toBeLessThanOrEqual(1);
  });

  it('keeps opening punctuation with the following text', () => {
    expect(breakUnits('计划（含进度）')).toEqual(['计', '划', '（含', '进', '度）']);
  });
});
