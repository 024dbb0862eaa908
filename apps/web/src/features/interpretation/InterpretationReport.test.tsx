import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { tenderAnalysisSchema, type InterpretationDetail } from '@bid/shared';
import { InterpretationReport } from './InterpretationReport.tsx';

const TEXT =
  '第一章 招标公告\n项目名称：滨河路改造工程\n第二章 评分办法\n（1）施工方案与技术措施（8分）：方案科学合理。\n★ 工期不得超过240日历天。\n投标文件未按要求密封的，作废标处理。';

function detail(): InterpretationDetail {
  const at = (s: string) => ({ start: TEXT.indexOf(s), end: TEXT.indexOf(s) + s.length });
  const analysis = tenderAnalysisSchema.parse({
    project: {
      name: '滨河路改造工程',
      number: null,
      owner: null,
      agency: null,
      budget: null,
      period: null,
      location: null,
      scope: null,
      bond: null,
    },
    scoringMethod: '综合评分法',
    qualifications: [],
    scoringItems: [
      {
        id: 'S1',
        category: 'technical',
        name: '施工方案与技术措施',
        group: null,
        points: 8,
        criteria: '方案科学合理。',
        source: at('施工方案与技术措施（8分）'),
      },
      { id: 'S2', category: 'commercial', name: '原文中没有的评分项', group: null, points: 2, criteria: '' },
    ],
    starClauses: [{ mark: '★', text: '工期不得超过240日历天。' }],
    disqualifications: ['投标文件未按要求密封的，作废标处理。'],
    keyDates: [],
    mandatedOutline: [],
    darkBid: false,
    engine: 'offline',
    model: null,
    warnings: [],
    chars: TEXT.length,
  });
  return {
    id: 'i1',
    name: '滨河路',
    fileId: null,
    status: 'done',
    error: null,
    analysis,
    createTime: '',
    updateTime: '',
    progress: 100,
    stage: null,
    text: TEXT,
    file: null,
    version: 0,
  };
}

beforeEach(() => {
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(() => cleanup());

describe('InterpretationReport', () => {
  it(
    'a scoring item opens the tender text with its passage highlighted and scrolled to',
    { timeout: 30_000 },
    async () => {
      render(<InterpretationReport detail={detail()} />);
      const rows = screen.getAllByTestId('ip-scoring-row');
      expect(rows).toHaveLength(2);
      fireEvent.click(rows[0]);
      const mark = await screen.findByTestId('passage-highlight');
      expect(mark.textContent).toBe('施工方案与技术措施（8分）');
      expect(screen.getByTestId('passage-text').textContent).toBe(TEXT);
      await waitFor(() => expect(Element.prototype.scrollIntoView).toHaveBeenCalled());
    },
  );

  it('an item the text does not state says so and opens nothing', { timeout: 30_000 }, () => {
    render(<InterpretationReport detail={detail()} />);
    const row = screen.getAllByTestId('ip-scoring-row')[1];
    expect(within(row).getByText('未定位')).toBeTruthy();
    fireEvent.click(row);
    expect(screen.queryByTestId('passage-highlight')).toBeNull();
  });

  it('clauses without offsets are found by their wording', { timeout: 30_000 }, async () => {
    render(<InterpretationReport detail={detail()} />);
    fireEvent.click(screen.getByRole('tab', { name: /废标条款/ }));
    fireEvent.click(await screen.findByText('投标文件未按要求密封的，作废标处理。'));
    expect((await screen.findByTestId('passage-highlight')).textContent).toBe(
      '投标文件未按要求密封的，作废标处理。',
    );
  });
});
