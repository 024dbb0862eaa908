import { describe, expect, it } from 'vitest';
import type { BidChecks, TenderAnalysis } from '@bid/shared';
import type { ExportChapter } from '@bid/document/docx/types';
import { extractVolumes } from '../../ai/analysis/volumes.ts';
import { assertAnonymous, planVolumes } from './volumes.ts';
import type { LoadedBid } from './source.ts';

const chapter = (title: string): ExportChapter => ({ title, level: 1, content: null, children: [] });

function loaded(roots: Array<[string, TenderAnalysis['scoringItems'][number]['category'][]]>): LoadedBid {
  return {
    bid: { name: '标书' },
    templateId: null,
    chapters: roots.map(([title]) => chapter(title)),
    roots: roots.map(([title, categories], i) => ({ title, ids: [`c${i}`], categories })),
  };
}

describe('planVolumes', () => {
  it('sorts top-level chapters into the four volumes by title, then by the items they answer', () => {
    const analysis = {
      darkBid: true,
      formatRules: [],
      volumes: extractVolumes('投标文件分为资格证明文件、商务文件、技术文件和报价文件，分别装订。', true),
    } as unknown as TenderAnalysis;
    const plans = planVolumes(
      loaded([
        ['投标函', []],
        ['资格证明文件', []],
        ['项目业绩', []],
        ['技术部分（暗标）', []],
        ['施工方案', ['technical']],
        ['开标一览表', []],
        ['附件', []],
      ]),
      analysis,
      [],
    );
    expect(plans.map((p) => [p.volume.name, p.chapters.map((c) => c.title)])).toEqual([
      ['资格证明文件', ['资格证明文件']],
      ['商务文件', ['投标函', '项目业绩', '附件']],
      ['技术文件', ['技术部分（暗标）', '施工方案']],
      ['报价文件', ['开标一览表']],
    ]);
    expect(plans[2].ids).toEqual(['c3', 'c4']);
    expect(
      planVolumes(loaded([['施工方案', ['technical']]]), analysis, ['dark']).map((p) => p.volume.key),
    ).toEqual(['dark']);
  });

  it('reads every chapter of the 暗标 volume for leaks, also one the checks count as named', () => {
    const analysis = {
      darkBid: true,
      formatRules: [],
      project: { owner: '滨江区城市管理局', agency: null, name: '养护工程' },
      volumes: extractVolumes('技术标分为明标和暗标，暗标部分不得出现投标人名称。', true),
    } as unknown as TenderAnalysis;
    const bid = loaded([['技术部分', []]]);
    bid.chapters[0].children = [
      {
        title: '人员安排',
        level: 2,
        content: {
          type: 'doc',
          content: [
            { type: 'paragraph', content: [{ type: 'text', text: '由浙江恒屹市政工程有限公司派员。' }] },
          ],
        },
        children: [],
      },
    ];
    const plans = planVolumes(bid, analysis, []);
    const none = { anonymity: [] } as unknown as BidChecks;
    expect(() => assertAnonymous(plans, none, analysis, '浙江恒屹市政工程有限公司')).toThrow(
      '暗标分册存在 1 处身份信息泄露，无法导出：浙江恒屹市政工程有限公司（人员安排）',
    );
    expect(() => assertAnonymous(planVolumes(bid, analysis, ['open']), none, analysis, null)).not.toThrow();
  });
});
