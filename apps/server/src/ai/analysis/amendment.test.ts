import { describe, expect, it } from 'vitest';
import { analyzeTenderByRules } from './index.ts';
import { applyAmendments, deadlineOf, readAmendment } from './amendment.ts';
import { CHECKS_TENDER_WITH_DEADLINE } from '../../../test/helpers/tenders.ts';

const TENDER = CHECKS_TENDER_WITH_DEADLINE;

const AMENDMENT = `南湖区智慧校园运维服务采购项目 补遗（第1号）
一、投标截止时间调整为：2026年12月20日9时30分。
二、评分标准第2项“应急响应措施”分值调整为25分，“投标报价”分值相应调整为35分。
三、新增实质性条款：★投标人须提供不少于2名驻场工程师的社保证明。
`;

describe('amendments read against the tender', () => {
  const a = analyzeTenderByRules(TENDER);

  it('reads a moved deadline, changed points and an added ★ clause, each with both passages', () => {
    const changes = readAmendment(a, TENDER, AMENDMENT);
    expect(changes.map((c) => [c.kind, c.label, c.before, c.after])).toEqual([
      ['date', '投标截止时间', '2026年12月10日9时30分', '2026年12月20日9时30分'],
      ['points', '应急响应措施', '20分', '25分'],
      ['points', '投标报价', '40分', '35分'],
      ['star', '★条款', null, '★投标人须提供不少于2名驻场工程师的社保证明。'],
    ]);
    const date = changes[0];
    expect(AMENDMENT.slice(date.source.start, date.source.end)).toContain('2026年12月20日');
    expect(date.tenderText).toContain('2026年12月10日');
    expect(changes[1].itemId).toBe(a.scoringItems.find((i) => i.name === '应急响应措施')!.id);
    expect(changes[1].tenderText).toContain('应急响应措施');
  });

  it('applies the changes: the later deadline, the new points, the ★ clause required', () => {
    const amended = applyAmendments(a, readAmendment(a, TENDER, AMENDMENT));
    expect(deadlineOf(a)).toBe('2026年12月10日9时30分');
    expect(deadlineOf(amended)).toBe('2026年12月20日9时30分');
    expect(amended.scoringItems.find((i) => i.name === '应急响应措施')!.points).toBe(25);
    expect(amended.starClauses.map((c) => c.text)).toContain('★投标人须提供不少于2名驻场工程师的社保证明。');
    expect(a.starClauses).toHaveLength(1);
    // Applied again (an analysis saved from the amended one), nothing is added twice.
    const twice = applyAmendments(amended, readAmendment(a, TENDER, AMENDMENT));
    expect(twice.starClauses).toHaveLength(2);
    expect(twice.keyDates).toEqual(amended.keyDates);
  });

  it('reads a changed page limit and applies it', () => {
    const changes = readAmendment(a, TENDER, '澄清：技术标页数限制调整为不超过80页。');
    expect(changes.map((c) => [c.kind, c.before, c.after])).toEqual([['pages', null, '80页']]);
    expect(applyAmendments(a, changes).pageLimit).toBe(80);
  });

  it('does not repeat a ★ clause the tender already has, and reads nothing from plain text', () => {
    const again = '答疑：★1. 投标人须承诺故障响应时间不超过30分钟，4小时内到达现场处理。';
    expect(readAmendment(a, TENDER, again)).toEqual([]);
    expect(readAmendment(a, TENDER, '关于本项目的答疑：投标人问题已收悉。')).toEqual([]);
  });
});
