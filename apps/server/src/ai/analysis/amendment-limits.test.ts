import { describe, expect, it } from 'vitest';
import { analysisForLot } from '@bid/shared';
import { analyzeTenderByRules } from './index.ts';
import { applyAmendments, readAmendment } from './amendment.ts';
import { statementsOf } from './amendment-wording.ts';
import { CHECKS_TENDER_WITH_DEADLINE, LIMITS_TENDER } from '../../../test/helpers/tenders.ts';

/**
 * Amendments that change the 最高限价 / 最低限价 or replace or add a form (issue 31, scope 5), stated
 * in the wordings issuers use, and the changes as the analysis applies them.
 */
const a = analyzeTenderByRules(LIMITS_TENDER);
const read = (text: string, tender = LIMITS_TENDER, analysis = a) =>
  readAmendment(analysis, tender, text).map((c) => [c.kind, c.label, c.before, c.after]);

describe('amendments: the wordings of a change', () => {
  it('reads one change in each common wording', () => {
    const st = (t: string) => statementsOf(t).map((s) => [s.subject, s.before, s.after]);
    expect(st('一、将最高限价调整为450万元。')).toEqual([['最高限价', null, '450万元']]);
    expect(st('本项目最高投标限价由人民币500万元变更为人民币450万元')).toEqual([
      ['最高投标限价', '人民币500万元', '人民币450万元'],
    ]);
    expect(st('原招标控制价为500万元，现更正为4,500,000.00元；')).toEqual([
      ['招标控制价', '500万元', '4,500,000.00元'],
    ]);
    expect(st('原文：最高限价：500万元\n现修改为：最高限价：450万元')).toEqual([
      ['最高限价', '500万元', '450万元'],
    ]);
    expect(st('序号\t更正项目\t更正前\t更正后\n1\t最高限价\t500万元\t450万元')).toEqual([
      ['最高限价', '500万元', '450万元'],
    ]);
  });
});

describe('amendments: 限价', () => {
  it('a lowered 最高限价, however worded, is one change the analysis then holds', () => {
    expect(a.project.budgetAmount).toBe(5_000_000);
    for (const text of [
      '补遗：最高限价调整为450万元，其他内容不变。',
      '二、本项目最高投标限价由人民币500万元变更为人民币450万元。',
      '原招标控制价为500万元，现更正为4,500,000.00元。',
      '更正内容：\n原文：最高限价：500万元\n现更正为：最高限价：450万元',
      '序号\t更正项目\t更正前\t更正后\n1\t最高限价\t500万元\t450万元',
    ]) {
      const changes = readAmendment(a, LIMITS_TENDER, text);
      expect(
        changes.map((c) => [c.kind, c.label]),
        text,
      ).toEqual([['price-limit', '最高限价']]);
      expect(applyAmendments(a, changes).project.budgetAmount, text).toBe(4_500_000);
    }
    expect(read('最高限价调整为450万元')).toEqual([['price-limit', '最高限价', '500万元', '450万元']]);
    // The tender's analysis is left as it was.
    expect(a.project.budgetAmount).toBe(5_000_000);
  });

  it('a floor restated as an amount or as a share of the 最高限价 goes first for the price checks', () => {
    const amount = readAmendment(a, LIMITS_TENDER, '最低限价修改为400万元。');
    expect(amount.map((c) => [c.kind, c.label, c.after])).toEqual([['price-limit', '最低限价', '400万元']]);
    expect(applyAmendments(a, amount).amendedFloors).toEqual(['最低限价为400万元']);
    const share = readAmendment(
      a,
      LIMITS_TENDER,
      '投标报价不得低于最高限价的85%，现调整为不得低于最高限价的80%。',
    );
    expect(share.map((c) => [c.label, c.after])).toEqual([['最低限价', '最高限价的80%']]);
  });

  it('a 包’s own 最高限价 changes that 包 alone', () => {
    const tender = `城西学校设备采购项目 招标文件
采购包1：交互式智能平板（最高限价500万元）
采购包2：学生课桌椅（最高限价200万元）
一、评分标准
| 评分因素 | 分值 | 评分标准 |
| 技术方案 | 60 | 方案完整的得 60 分 |
| 投标报价 | 40 | 价格最低的为评标基准价 |
`;
    const lots = analyzeTenderByRules(tender);
    const changes = readAmendment(lots, tender, '包2最高限价调整为180万元。');
    expect(changes.map((c) => [c.label, c.lot, c.after])).toEqual([['包2最高限价', 2, '180万元']]);
    const amended = applyAmendments(lots, changes);
    expect(analysisForLot(amended, 2).project.budgetAmount).toBe(1_800_000);
    expect(analysisForLot(amended, 1).project.budgetAmount).toBe(5_000_000);
  });

  it('dates and points in 原…现… wording: the new value is the one after 现', () => {
    const tender = CHECKS_TENDER_WITH_DEADLINE;
    const checks = analyzeTenderByRules(tender);
    const text =
      '原投标截止时间为2026年12月10日9时30分，现调整为2026年12月20日9时30分。\n原应急响应措施分值为20分，现调整为25分。';
    expect(read(text, tender, checks)).toEqual([
      ['date', '投标截止时间', '2026年12月10日9时30分', '2026年12月20日9时30分'],
      ['points', '应急响应措施', '20分', '25分'],
    ]);
  });
});

describe('amendments: forms', () => {
  const LETTER = `二、投标函格式修改为：
投标函
致：滨湖区城市管理局
我方已知悉投标截止时间调整为2026年12月20日，决定参加本项目投标，投标总价为人民币（大写）________元（¥________）。
我方承诺按补遗后的要求履行合同。
投标人（公章）：________
三、其他内容不变。`;

  it('a replaced 投标函 is the amendment’s text, its words no changes of their own', () => {
    expect(a.forms.map((f) => f.title)).toEqual(['投标函']);
    const changes = readAmendment(a, LIMITS_TENDER, LETTER);
    expect(changes.map((c) => [c.kind, c.label])).toEqual([['form', '投标函']]);
    expect(changes[0].before).toContain('工期为________日历天');
    expect(changes[0].tenderText).toContain('一、投标函');
    expect(changes[0].after.split('\n')).toEqual(LETTER.split('\n').slice(2, 6));
    const amended = applyAmendments(a, changes);
    expect(amended.forms).toHaveLength(1);
    expect(amended.forms[0]).toMatchObject({ title: '投标函', kind: 'letter', source: a.forms[0].source });
    expect(amended.forms[0].blocks[2]).toEqual({
      kind: 'paragraph',
      text: '我方承诺按补遗后的要求履行合同。',
    });
  });

  it('an added 承诺函 is added to the forms', () => {
    const changes = readAmendment(
      a,
      LIMITS_TENDER,
      '三、新增《廉洁承诺函》格式如下：\n致：滨湖区城市管理局\n我方承诺在本项目投标中廉洁自律。\n投标人（公章）：________\n特此补遗。',
    );
    expect(changes.map((c) => [c.kind, c.label, c.before])).toEqual([['form', '廉洁承诺函', null]]);
    const forms = applyAmendments(a, changes).forms;
    expect(forms.map((f) => [f.title, f.kind])).toEqual([
      ['投标函', 'letter'],
      ['廉洁承诺函', 'commitment'],
    ]);
  });
});
