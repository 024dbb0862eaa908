import { beforeEach, describe, expect, it } from 'vitest';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import type { BidAmendments } from '@bid/shared';
import { fail, ok } from '../../api/testkit.ts';
import { fakeApi, renderWithQueries } from '../../test/fake-api.tsx';
import { BidAmendmentsPanel } from './BidAmendmentsPanel.tsx';

/**
 * The 补遗/澄清 drawer against a fake API: the empty state and the tender's deadline; an empty paste
 * is refused in Chinese and not sent; a pasted amendment is sent once and its changes shown 原文 /
 * 变更为 with the new deadline and the flagged chapter; the server's refusal is shown in Chinese.
 */

configure({ asyncUtilTimeout: 20_000 });

const empty: BidAmendments = { amendments: [], deadline: '2026年12月10日9时30分', flagged: [] };
const added: BidAmendments = {
  deadline: '2026年12月20日9时30分',
  flagged: [
    {
      catalogId: 'c2',
      title: '应急响应措施',
      itemId: 'S2',
      reason: '补遗/澄清调整“应急响应措施”分值：20分 → 25分',
    },
  ],
  amendments: [
    {
      id: 'a1',
      name: '补遗（第1号）',
      createdAt: '2026-11-27T09:00:00.000Z',
      changes: [
        {
          kind: 'date',
          label: '投标截止时间',
          before: '2026年12月10日9时30分',
          after: '2026年12月20日9时30分',
          itemId: null,
          source: { start: 0, end: 30 },
          tenderSource: { start: 40, end: 70 },
          sourceText: '一、投标截止时间调整为：2026年12月20日9时30分。',
          tenderText: '投标截止时间：2026年12月10日9时30分',
        },
      ],
    },
  ],
};

let current: BidAmendments;
let refuse: boolean;
const api = fakeApi({
  '/bid/client/getBidAmendments': () => ok(current),
  '/bid/client/addBidAmendment': () => {
    if (refuse) return fail(400, '该标书没有招标文件，无法对照补遗/澄清', 400);
    current = added;
    return ok(current);
  },
});

beforeEach(() => {
  current = empty;
  refuse = false;
});

const renderPanel = () => renderWithQueries(<BidAmendmentsPanel bidId="b1" readOnly={false} />);
const toastTexts = () => api.feedback.toasts.map((t) => String(t.content));

describe('BidAmendmentsPanel', { timeout: 60_000 }, () => {
  it('shows the empty state, refuses an empty paste, and lists a pasted amendment’s changes', async () => {
    renderPanel();
    await screen.findByTestId('amendments-empty');
    expect(screen.getByTestId('amendment-deadline').textContent).toBe('2026年12月10日9时30分');

    fireEvent.click(screen.getByTestId('amendment-paste-save'));
    await waitFor(() => expect(toastTexts()).toContain('请粘贴补遗/澄清的文字'));
    expect(api.sent('/bid/client/addBidAmendment')).toHaveLength(0);

    fireEvent.change(screen.getByTestId('amendment-text'), {
      target: { value: '一、投标截止时间调整为：2026年12月20日9时30分。' },
    });
    fireEvent.click(screen.getByTestId('amendment-paste-save'));
    await screen.findByTestId('amendment');
    expect(screen.getByTestId('amendment-deadline').textContent).toBe('2026年12月20日9时30分');
    expect(screen.getByTestId('amendment-after').textContent).toBe('2026年12月20日9时30分');
    expect(screen.getByText('2026年12月10日9时30分', { selector: 'del' })).toBeTruthy();
    expect(screen.getByTestId('amendment-flagged').textContent).toContain('应急响应措施');
    expect(api.sent('/bid/client/addBidAmendment')).toEqual([
      { id: 'b1', text: '一、投标截止时间调整为：2026年12月20日9时30分。' },
    ]);
  });

  it('lists a 限价 change and a replaced form with their labels, the form’s lines kept', async () => {
    const change = (kind: 'price-limit' | 'form', label: string, before: string, after: string) => ({
      kind,
      label,
      before,
      after,
      itemId: null,
      source: { start: 0, end: 10 },
      tenderSource: null,
      sourceText: kind === 'form' ? '一、投标函格式修改为：' : '一、最高限价由500万元调整为450万元。',
      tenderText: null,
    });
    current = {
      deadline: null,
      flagged: [],
      amendments: [
        {
          id: 'a2',
          name: '补遗（第2号）',
          createdAt: '2026-11-28T09:00:00.000Z',
          changes: [
            change('price-limit', '最高限价', '500万元', '450万元'),
            change('form', '投标函', '致：某局\n我方决定参加投标。', '致：某局\n我方已阅读全部补遗。'),
          ],
        },
      ],
    };
    renderPanel();
    await screen.findByTestId('amendment');
    const kinds = screen.getAllByTestId('amendment-change');
    expect(kinds.map((k) => [k.dataset.kind, k.textContent])).toEqual([
      ['price-limit', '限价调整最高限价'],
      ['form', '格式变更投标函'],
    ]);
    const after = screen.getAllByTestId('amendment-after');
    expect(after.map((a) => a.textContent)).toEqual(['450万元', '致：某局\n我方已阅读全部补遗。']);
    expect(after[1].style.whiteSpace).toBe('pre-wrap');
    expect(screen.getByText('500万元', { selector: 'del' })).toBeTruthy();
  });

  it('shows the server’s refusal in Chinese', async () => {
    refuse = true;
    renderPanel();
    await screen.findByTestId('amendments-empty');
    fireEvent.change(screen.getByTestId('amendment-text'), { target: { value: '澄清：开标时间推迟。' } });
    fireEvent.click(screen.getByTestId('amendment-paste-save'));
    await waitFor(() =>
      expect(JSON.stringify([api.feedback.toasts, api.feedback.notes])).toContain('该标书没有招标文件'),
    );
    expect(screen.getByTestId('amendments-empty')).toBeTruthy();
  });
});
