import { describe, expect, it } from 'vitest';
import { tenderAnalysisSchema } from './analysis.ts';
import { locatePassage, materialsToPrepare, validSpan } from './interpretation.ts';

const TEXT =
  '第一章 招标公告\n投标保证金：伍万元整。\n第二章 评分办法\n（1）施工方案与技术措施（8分）：方案科学合理。\n（2）项目经理资格（5分）：具有一级建造师证书得5分。';

function analysis(over: Record<string, unknown> = {}) {
  return tenderAnalysisSchema.parse({
    project: {
      name: '测试项目',
      number: null,
      owner: null,
      agency: null,
      budget: null,
      period: null,
      location: null,
      scope: null,
      bond: '伍万元整',
    },
    scoringMethod: '综合评分法',
    qualifications: ['具有独立承担民事责任的能力'],
    scoringItems: [
      {
        id: 'S1',
        category: 'technical',
        name: '施工方案与技术措施',
        group: null,
        points: 8,
        criteria: '方案科学合理',
      },
      {
        id: 'S2',
        category: 'commercial',
        name: '项目经理资格',
        group: null,
        points: 5,
        criteria: '具有一级建造师证书得5分',
      },
    ],
    starClauses: [{ mark: '★', text: '投标人须提供项目经理社保证明' }],
    disqualifications: [],
    keyDates: [],
    mandatedOutline: [{ title: '投标函', level: 1 }],
    darkBid: false,
    engine: 'offline',
    model: null,
    warnings: [],
    chars: TEXT.length,
    ...over,
  });
}

describe('locatePassage', () => {
  it("uses the item's own offsets when they fall inside the text", () => {
    expect(locatePassage(TEXT, { start: 5, end: 9 }, 'anything')).toEqual({ start: 5, end: 9 });
  });

  it('clamps offsets past the end and ignores empty or missing ones, then finds the quote', () => {
    expect(validSpan({ start: TEXT.length - 2, end: TEXT.length + 50 }, TEXT.length)).toEqual({
      start: TEXT.length - 2,
      end: TEXT.length,
    });
    expect(validSpan({ start: 7, end: 7 }, TEXT.length)).toBeNull();
    const at = TEXT.indexOf('施工方案与技术措施');
    expect(locatePassage(TEXT, null, '施工方案与技术措施')).toEqual({ start: at, end: at + 9 });
    expect(locatePassage(TEXT, { start: 9_999, end: 10_010 }, '施工方案与技术措施')).toEqual({
      start: at,
      end: at + 9,
    });
  });

  it('falls back to the head of a reworded quote, and answers null when the text does not state it', () => {
    const quote =
      '项目经理资格（5分）：具有一级建造师证书得5分。另外模型补充了一句原文没有的话，超过四十个字以后就不一样了';
    const span = locatePassage(TEXT, undefined, quote)!;
    expect(TEXT.slice(span.start, span.end)).toBe('项目经理资格（5分）：具有一级建造师证书得5分。');
    // Five characters in common are chance, not a passage.
    expect(locatePassage(TEXT, null, '投标保证金的退还方式')).toBeNull();
    expect(locatePassage(TEXT, null, '原文里没有的评分项')).toBeNull();
    expect(locatePassage(TEXT, null, '  ')).toBeNull();
  });
});

describe('materialsToPrepare', () => {
  it('lists qualification evidence, the bond, evidence scoring items ask for, ★ submissions and the prescribed parts', () => {
    const m = materialsToPrepare(analysis({ responseTables: ['技术参数响应及偏离表'] }));
    const texts = m.map((x) => x.text);
    expect(texts).toContain('资格证明材料：具有独立承担民事责任的能力');
    expect(texts).toContain('投标保证金缴纳凭证（伍万元整）');
    expect(texts).toContain('技术参数响应及偏离表');
    expect(texts).toContain('项目经理资格的证明材料（5 分）');
    expect(texts.some((t) => t.startsWith('施工方案与技术措施'))).toBe(false);
    expect(texts).toContain('投标人须提供项目经理社保证明');
    expect(texts).toContain('按规定格式编写：投标函');
  });

  it('asks for no bond receipt when the tender collects none, and lists nothing twice', () => {
    const a = analysis({ qualifications: ['同一条', '同一条'] });
    a.project.bond = '本项目不收取投标保证金';
    const texts = materialsToPrepare(a).map((x) => x.text);
    expect(texts.filter((t) => t.includes('投标保证金'))).toEqual([]);
    expect(texts.filter((t) => t === '资格证明材料：同一条')).toHaveLength(1);
  });
});
