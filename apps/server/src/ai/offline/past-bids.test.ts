import { describe, expect, it } from 'vitest';
import { emptyAnalysis } from '../../modules/ai/context.ts';
import type { ChapterContext } from '../types.ts';
import { draftChapter } from './draft.ts';
import { adaptSentence, projectOfDocument } from './past-bids.ts';

const PAST = [
  '一、质量管理措施',
  '我司在青山区道路清扫保洁服务项目中建立了三级质量检查体系，由项目经理、片区主管和班组长逐级负责。',
  '每日作业前由班组长对人员着装、工具和车辆进行检查，作业后对路面进行自检。',
  '片区主管每天上午和下午各巡查一次，发现问题当场整改并记录在巡查台账中。',
  '项目部每周组织一次联合检查，检查结果与班组考核和个人绩效挂钩。',
  '对采购人青山区城市管理局提出的问题，我司在2小时内响应并在24小时内整改完毕。',
  '2023年5月起我司在该项目推行网格化管理，全年合同金额为 865.2万元，未发生一起有效投诉。',
].join('\n');

function ctx(over: Partial<ChapterContext> = {}): ChapterContext {
  const a = emptyAnalysis();
  return {
    bidName: '明远区保洁投标',
    facts: { ...a.project, name: '明远区城区道路清扫保洁服务项目', owner: '明远区城市管理局' },
    path: ['技术部分', '质量保证措施'],
    scoringItems: [],
    siblings: [],
    outline: ['技术部分'],
    targetWords: 800,
    darkBid: false,
    starClauses: [],
    disqualifications: [],
    qualifications: [],
    grounding: {
      passages: [{ documentName: '青山区道路清扫保洁服务项目投标文件.docx', text: PAST }],
      facts: [],
      tables: [],
    },
    ...over,
  };
}

describe('offline drafts from past bids', () => {
  it('names the old project from its file name', () => {
    expect(projectOfDocument('青山区道路清扫保洁服务项目投标文件.docx')).toBe('青山区道路清扫保洁服务项目');
    expect(projectOfDocument('资料.pdf')).toBeNull();
  });

  it('carries the company’s sentences over, told about this project, and says where they came from', () => {
    const md = draftChapter(ctx());
    const from = PAST.split('\n').slice(1);
    // At least five of the past bid's sentences, whole or adapted (their ending kept).
    const kept = from.filter((s) => md.includes(s.slice(-10)));
    expect(kept.length).toBeGreaterThanOrEqual(5);
    expect(md).toContain('我司在明远区城区道路清扫保洁服务项目中建立了三级质量检查体系');
    expect(md).not.toContain('青山区道路清扫保洁服务项目中');
    expect(md).toContain('对采购人明远区城市管理局提出的问题');
    expect(md).toMatch(/【待填写：日期（原文为2023年5月/);
    expect(md).toMatch(/【待填写：金额（原文为865\.2万元/);
    expect(md).toContain('《青山区道路清扫保洁服务项目投标文件.docx》');
    // The generic template practice gives way to the company's own.
    expect(md).not.toContain('### 主要措施');
  });

  it('without a library the draft is the template it was', () => {
    expect(draftChapter(ctx({ grounding: null }))).toContain('### 主要措施');
  });

  it('marks an owner it cannot replace', () => {
    expect(
      adaptSentence('采购人青山区城市管理局要求每日检查。', [], { ...emptyAnalysis().project, owner: null }),
    ).toBe('采购人【待填写：采购人（原文为青山区城市管理局）】要求每日检查。');
  });
});
