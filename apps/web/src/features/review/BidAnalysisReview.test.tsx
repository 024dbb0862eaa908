import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { InternalAxiosRequestConfig } from 'axios';
import { reviewTotals, tenderAnalysisSchema, type ScoringItem, type TenderAnalysis } from '@bid/shared';
import { fail, installFakeHttp, ok, recordFeedback, type FakeReply } from '../../api/testkit.ts';
import { BidAnalysisReview, STALE_MSG } from './BidAnalysisReview.tsx';

/**
 * The bid's review screen against a fake API: the sums disagree in red and say so; a stale save
 * (409) tells the writer in plain words and reloads the newer analysis instead of overwriting it;
 * confirming before an outline exists saves the draft as edited and then plans the outline.
 */

// A whole antd table in jsdom renders slowly on a shared machine: waits are for the screen, not a clock.
configure({ asyncUtilTimeout: 20_000 });

const item = (id: string, name: string, points: number, category: ScoringItem['category']): ScoringItem => ({
  id,
  category,
  name,
  group: null,
  points,
  criteria: '',
  lot: null,
  source: null,
});

function analysis(items: ScoringItem[]): TenderAnalysis {
  return tenderAnalysisSchema.parse({
    project: {
      name: '城东物业',
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
    scoringItems: items,
    statedTotals: [
      {
        lot: null,
        total: 100,
        parts: [
          { label: '价格分', category: 'price', points: 30, source: null },
          { label: '技术分', category: 'technical', points: 70, source: null },
        ],
        source: null,
      },
    ],
    starClauses: [],
    disqualifications: [],
    keyDates: [],
    mandatedOutline: [],
    darkBid: false,
    engine: 'offline',
    model: null,
    warnings: [],
    chars: 1000,
  });
}

const partial = analysis([item('S1', '投标报价', 30, 'price'), item('S2', '服务方案', 40, 'technical')]);
const newer = analysis([...partial.scoringItems, item('S3', '应急预案', 30, 'technical')]);
const bidAnalysis = (version: number, a: TenderAnalysis, chapters = 0) =>
  ok({ version, lot: null, analysis: a, totals: reviewTotals(a), chapters });

let http: ReturnType<typeof installFakeHttp>;
let feedback: ReturnType<typeof recordFeedback>;
let analysisReplies: FakeReply[];
let saveReply: FakeReply;
const path = (c: InternalAxiosRequestConfig) => (c.url ?? '').replace(/^\/api/, '');
const calls = (p: string) => http.calls.filter((c) => path(c) === p);

beforeEach(() => {
  feedback = recordFeedback();
  analysisReplies = [];
  saveReply = ok({ version: 4 });
  http = installFakeHttp((c) => {
    const p = path(c);
    if (p === '/bid/client/getBidAnalysis') return analysisReplies.shift() ?? bidAnalysis(9, newer);
    if (p === '/bid/client/updateBidAnalysis') return saveReply;
    if (p === '/ai/client/aiGetBidCatalog') return ok([]);
    return fail(404, 'not found', 404);
  });
});

afterEach(() => {
  cleanup();
  http.restore();
  feedback.undo();
});

function renderReview(onOutline = vi.fn()) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <BidAnalysisReview bidId="b1" onOutline={onOutline} />
    </QueryClientProvider>,
  );
  return onOutline;
}

const confirmButton = () => screen.getByTestId('review-confirm') as HTMLButtonElement;

describe('BidAnalysisReview', { timeout: 60_000 }, () => {
  it('shows the sums against the stated totals in red with the plain message', async () => {
    analysisReplies = [bidAnalysis(3, partial)];
    renderReview();
    await screen.findByTestId('analysis-review');
    const messages = screen.getAllByTestId('review-mismatch').map((m) => m.textContent);
    expect(messages).toEqual([
      '评分项合计 70 分，招标文件总分 100 分',
      '技术分：评分项合计 40 分，招标文件规定 70 分',
    ]);
    expect(screen.getAllByTestId('review-sum-total')[0].className).toContain('is-wrong');
    expect(screen.getAllByTestId('review-sum-price')[0].className).not.toContain('is-wrong');
  });

  it('a stale save says so and reloads the newer analysis, keeping nothing of the old draft', async () => {
    analysisReplies = [bidAnalysis(3, partial), bidAnalysis(4, newer)];
    saveReply = fail(409, '招标文件解析已在别处修改', 409, { version: 4 });
    renderReview();
    await screen.findByTestId('analysis-review');
    fireEvent.change(screen.getAllByTestId('review-item-name')[1], { target: { value: '保洁服务方案' } });
    fireEvent.click(confirmButton());
    await waitFor(() => expect(calls('/bid/client/getBidAnalysis')).toHaveLength(2));
    const sent = JSON.parse(calls('/bid/client/updateBidAnalysis')[0].data as string);
    expect(sent.version).toBe(3);
    expect(sent.analysis.scoringItems[1].name).toBe('保洁服务方案');
    await waitFor(() => expect(screen.getAllByTestId('review-row')).toHaveLength(3));
    expect(screen.getAllByTestId('review-item-name').map((i) => (i as HTMLInputElement).value)).toEqual([
      '投标报价',
      '服务方案',
      '应急预案',
    ]);
    expect(feedback.seen).toContainEqual(expect.objectContaining({ via: 'notification', text: STALE_MSG }));
    expect(calls('/ai/client/aiGetBidCatalog')).toHaveLength(0);
  });

  it('confirming before an outline exists saves the edited draft, then plans the outline', async () => {
    analysisReplies = [bidAnalysis(3, partial)];
    const onOutline = renderReview();
    await screen.findByTestId('analysis-review');
    fireEvent.click(screen.getByTestId('review-add-item'));
    const names = screen.getAllByTestId('review-item-name');
    // A nameless item is what the server refuses: the confirm waits until it has one.
    await waitFor(() =>
      expect(screen.getByTestId('review-problems').textContent).toContain('评分项名称不能为空'),
    );
    expect(confirmButton().disabled).toBe(true);
    fireEvent.change(names[2], { target: { value: '应急预案' } });
    fireEvent.change(screen.getAllByLabelText('分值')[2], { target: { value: '30' } });
    await waitFor(() => expect(screen.getByTestId('review-totals-ok')).toBeTruthy());
    expect(confirmButton().disabled).toBe(false);
    fireEvent.click(confirmButton());
    await waitFor(() => expect(onOutline).toHaveBeenCalledWith('created'));
    const sent = JSON.parse(calls('/bid/client/updateBidAnalysis')[0].data as string);
    expect(sent.analysis.scoringItems.map((i: ScoringItem) => [i.id, i.name, i.points])).toEqual([
      ['S1', '投标报价', 30],
      ['S2', '服务方案', 40],
      ['S3', '应急预案', 30],
    ]);
    expect(JSON.parse(calls('/ai/client/aiGetBidCatalog')[0].data as string)).toEqual({ bidId: 'b1' });
  });
});
