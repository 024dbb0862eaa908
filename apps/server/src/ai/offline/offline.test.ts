import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { countWords, scoringTotals, CHARS_PER_PAGE, MAX_WORDS_PER_CALL } from '@bid/shared';
import { analyzeTenderByRules } from './analyze.ts';
import { aspectsOf, buildOutline, uncoveredItems } from '../plan/outline.ts';
import { DRAFT_NOTICE, draftChapter, offlineEdit, polishText } from './draft.ts';
import type { ChapterContext, OutlineNode } from '../types.ts';

const fixture = (name: string) =>
  fs.readFileSync(new URL(`../fixtures/${name}.txt`, import.meta.url), 'utf8');

function leaves(nodes: OutlineNode[], path: string[] = []): Array<{ n: OutlineNode; path: string[] }> {
  return nodes.flatMap((n) =>
    n.children.length ? leaves(n.children, [...path, n.title]) : [{ n, path: [...path, n.title] }],
  );
}

describe('rule-based tender analysis', () => {
  it('政府采购 IT 系统（综合评分法, tab table）', () => {
    const a = analyzeTenderByRules(fixture('tender-it-gov'));
    expect(a.project).toMatchObject({
      name: '滨江市政务服务数据共享平台建设项目',
      number: 'BJZC-2024-0318',
      owner: '滨江市政务服务和大数据管理局',
    });
    expect(a.project.budget).toContain('680 万元');
    expect(a.scoringMethod).toBe('综合评分法');
    expect(a.scoringItems).toHaveLength(10);
    expect(scoringTotals(a.scoringItems)).toMatchObject({
      price: 30,
      technical: 50,
      commercial: 20,
      total: 100,
    });
    expect(a.starClauses.filter((c) => c.mark === '★')).toHaveLength(2);
    expect(a.starClauses.filter((c) => c.mark === '▲')).toHaveLength(2);
    expect(a.disqualifications.length).toBeGreaterThanOrEqual(5);
    expect(a.mandatedOutline.map((s) => s.title)).toEqual([
      '投标函',
      '开标一览表及分项报价表',
      '法定代表人身份证明及授权委托书',
      '资格证明文件',
      '技术方案',
      '商务响应及偏离表',
      '售后服务承诺',
      '其他材料',
    ]);
    expect(a.keyDates.map((d) => d.label)).toContain('投标截止时间');
    expect(a.qualifications).toHaveLength(6);
    expect(a.darkBid).toBe(false);
  });

  it('施工总承包（综合评估法, numbered lines with groups, 暗标）', () => {
    const a = analyzeTenderByRules(fixture('tender-construction'));
    expect(a.project.period).toBe('365 日历天');
    expect(a.project.owner).toBe('青溪县教育局');
    expect(a.darkBid).toBe(true);
    expect(a.scoringItems).toHaveLength(12);
    expect(scoringTotals(a.scoringItems)).toMatchObject({
      price: 55,
      technical: 35,
      commercial: 10,
      total: 100,
    });
    expect(a.scoringItems.filter((i) => i.group === '施工组织设计')).toHaveLength(8);
    expect(a.mandatedOutline.filter((s) => s.level === 1).map((s) => s.title)).toEqual([
      '商务标',
      '技术标（暗标）',
    ]);
    expect(a.starClauses).toHaveLength(2);
    expect(a.disqualifications.some((d) => d.includes('暗标'))).toBe(true);
  });

  it('物业服务（商务/技术/价格, pipe table with a category column）', () => {
    const a = analyzeTenderByRules(fixture('tender-property'));
    expect(a.scoringItems).toHaveLength(13);
    expect(scoringTotals(a.scoringItems)).toMatchObject({ price: 30, commercial: 20, technical: 50 });
    expect(a.project.agency).toBe('浙南招标咨询有限公司');
    expect(a.mandatedOutline).toHaveLength(7);
    expect(a.starClauses[0].text.startsWith('保洁人员')).toBe(true);
  });

  it('does not take a table of contents for the prescribed outline', () => {
    const toc = [
      '目录',
      '第五章 投标文件格式 ........ 30',
      '第六章 合同条款 ........ 41',
      '第七章 附件 ........ 50',
      '',
      '',
    ].join('\n');
    const a = analyzeTenderByRules(toc + fixture('tender-property'));
    expect(a.mandatedOutline.map((x) => x.title)).toEqual([
      '响应函',
      '报价一览表',
      '法定代表人授权书',
      '资格证明材料',
      '商务部分',
      '技术部分',
      '供应商认为需要提供的其他材料',
    ]);
  });

  it('says what it could not find instead of inventing it', () => {
    const a = analyzeTenderByRules('一份没有结构的说明文字。');
    expect(a.scoringItems).toEqual([]);
    expect(a.project.name).toBeNull();
    expect(a.warnings.join()).toMatch(/未识别到评分标准/);
  });
});

describe('offline outline', () => {
  for (const name of ['tender-it-gov', 'tender-construction', 'tender-property']) {
    it(`${name}: follows the mandated order, covers every scoring item, budgets from the page count`, () => {
      const a = analyzeTenderByRules(fixture(name));
      const outline = buildOutline(a, 80);
      expect(uncoveredItems(outline, a.scoringItems)).toEqual([]);
      // Top level in the tender's order.
      const top = a.mandatedOutline.filter((s) => s.level === 1).map((s) => s.title);
      expect(outline.map((n) => n.title).slice(0, top.length)).toEqual(top);
      const ls = leaves(outline);
      const total = ls.reduce((s, l) => s + (l.n.targetWords ?? 0), 0);
      expect(total).toBeGreaterThan(80 * CHARS_PER_PAGE * 0.75);
      expect(total).toBeLessThan(80 * CHARS_PER_PAGE * 1.15);
      for (const l of ls) expect(l.n.targetWords!).toBeLessThanOrEqual(MAX_WORDS_PER_CALL);
    });
  }

  it('the standard skeleton when the tender prescribes no outline', () => {
    const a = analyzeTenderByRules(
      fixture('tender-it-gov').replace(/1\. 投标文件的组成[\s\S]*?八、其他材料/, ''),
    );
    expect(a.mandatedOutline).toEqual([]);
    const outline = buildOutline(a, 40);
    expect(outline.map((n) => n.title)).toEqual([
      '投标函',
      '法定代表人身份证明及授权委托书',
      '资格证明文件',
      '商务部分',
      '技术部分',
      '报价文件',
      '其他材料',
    ]);
    expect(uncoveredItems(outline, a.scoringItems)).toEqual([]);
  });

  it('reads sub-topics from a criterion', () => {
    expect(aspectsOf('运维组织、响应机制、巡检、应急预案及培训计划完整得 6-8 分')).toEqual([
      '运维组织',
      '响应机制',
      '巡检',
      '应急预案',
      '培训计划',
    ]);
    expect(aspectsOf('方案合理得 8 分')).toEqual([]);
  });
});

function ctx(over: Partial<ChapterContext> = {}): ChapterContext {
  const a = analyzeTenderByRules(fixture('tender-construction'));
  return {
    bidName: '测试标书',
    facts: a.project,
    path: ['技术标（暗标）', '施工组织设计', '质量管理体系与措施'],
    scoringItems: a.scoringItems.filter((i) => i.name === '质量管理体系与措施'),
    siblings: ['施工方案与技术措施', '质量管理体系与措施', '安全管理体系与措施'],
    outline: ['商务标', '技术标（暗标）'],
    targetWords: 1500,
    darkBid: true,
    starClauses: a.starClauses,
    disqualifications: a.disqualifications,
    qualifications: a.qualifications,
    ...over,
  };
}

describe('offline drafts', () => {
  it('marks the draft, answers the scoring item and does not restate the fact sheet', () => {
    const md = draftChapter(ctx());
    expect(md.startsWith(DRAFT_NOTICE)).toBe(true);
    expect(md).toContain('质量管理体系与措施');
    // Facts belong to the letters and forms; a technical chapter repeating them is what readers skip.
    expect(md).not.toContain('青溪县第一中学新建教学楼及附属工程');
    expect(md).toMatch(/【待填写：[^】]+】/);
    expect(countWords(md)).toBeGreaterThan(200);
  });

  it('leaves missing facts as placeholders and never names people', () => {
    const c = ctx({
      path: ['商务标', '投标函及投标函附录'],
      scoringItems: [],
      facts: { ...ctx().facts, owner: null },
    });
    const md = draftChapter(c);
    expect(md).toContain('【待填写：采购人/招标人名称】');
    expect(md).toContain('【待填写：投标总价大写】');
  });

  it('a dark-bid personnel chapter has no name column', () => {
    const a = analyzeTenderByRules(fixture('tender-construction'));
    const md = draftChapter(
      ctx({
        path: ['技术标（暗标）', '项目管理机构', '项目经理'],
        scoringItems: a.scoringItems.filter((i) => i.name === '项目经理'),
      }),
    );
    expect(md).not.toContain('| 姓名 |');
    expect(md).toContain('暗标');
  });

  it('is deterministic', () => {
    expect(draftChapter(ctx())).toBe(draftChapter(ctx()));
  });

  it('edits a selection honestly: polish, shorten, expand, continue', () => {
    expect(polishText('我方承诺,按期完成.')).toBe('我方承诺，按期完成。');
    const sel = '第一句话说明质量目标。第二句话说明质量体系。第三句话说明检查制度。第四句话说明整改闭环。';
    const short = offlineEdit({ action: 'shorten', selection: sel, chapter: ctx() });
    expect(short.length).toBeLessThan(sel.length);
    expect(sel.startsWith(short)).toBe(true);
    const more = offlineEdit({ action: 'expand', selection: sel, chapter: ctx() });
    expect(more.startsWith(sel)).toBe(true);
    expect(more.length).toBeGreaterThan(sel.length);
    expect(offlineEdit({ action: 'continue', selection: sel, chapter: ctx() })).toMatch(/【待填写/);
  });
});
