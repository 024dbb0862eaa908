import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { CatalogNode } from '@bid/shared';
import { installFakeHttp, ok, recordFeedback } from '../../../api/testkit.ts';
import { OutlineTree } from './OutlineTree.tsx';

const node = (id: string, title: string, over: Partial<CatalogNode> = {}): CatalogNode => ({
  id,
  bidId: 'b1',
  parentId: null,
  title,
  level: 1,
  sort: 1,
  status: 'empty',
  progress: 0,
  wordCount: 0,
  targetWords: null,
  hasContent: false,
  ownWords: 0,
  wordsNeeded: 1,
  written: false,
  version: 0,
  settings: {},
  scoringItems: null,
  engine: null,
  updateTime: '2026-11-23T00:00:00.000Z',
  children: [],
  ...over,
});

const tree = [
  node('c1', '投标函', { targetWords: 500 }),
  node('c2', '技术方案', { targetWords: 12000, wordCount: 3400, sort: 2 }),
];

let http: ReturnType<typeof installFakeHttp>;
let feedback: ReturnType<typeof recordFeedback>;
beforeEach(() => {
  feedback = recordFeedback();
  http = installFakeHttp(() => ok({}));
});
afterEach(() => {
  cleanup();
  http.restore();
  feedback.undo();
});

function show(mandated: string[]) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <OutlineTree
        bidId="b1"
        tree={tree}
        readOnly={false}
        selectedId={null}
        onSelect={() => {}}
        mandated={mandated}
      />
    </QueryClientProvider>,
  );
}

describe("outline tree: budgets and the tender's mandated chapters", () => {
  it("shows each chapter's words against its budget", () => {
    show([]);
    expect(screen.getAllByTestId('outline-budget').map((e) => e.textContent)).toEqual([
      '0/500字',
      '3400/12000字',
    ]);
  });

  it('a chapter with text short of its share is marked 未写够, one marked 无需正文 counts', () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <OutlineTree
          bidId="b1"
          tree={[
            node('c1', '服务方案', { status: 'done', wordCount: 900, ownWords: 120, wordsNeeded: 600 }),
            node('c2', '偏离表', { settings: { noText: true }, written: true, sort: 2 }),
          ]}
          readOnly={false}
          selectedId={null}
          onSelect={() => {}}
        />
      </QueryClientProvider>,
    );
    const rows = screen.getAllByTestId('outline-node');
    expect(rows.map((r) => r.getAttribute('data-written'))).toEqual(['false', 'true']);
  });

  it('marks a mandated chapter and asks before deleting it', async () => {
    show(['一、投标函']);
    expect(screen.getAllByLabelText('招标文件规定的章节')).toHaveLength(1);
    fireEvent.click(screen.getAllByTestId('outline-more')[0]);
    fireEvent.click(await screen.findByText('删除'));
    await waitFor(() => expect(feedback.dialogs.length).toBe(1));
    expect(String(feedback.dialogs[0].content)).toContain('招标文件规定的投标文件组成部分');
    // Declined: nothing is asked further and nothing is sent.
    feedback.dialogs[0].onCancel?.();
    await new Promise((r) => setTimeout(r, 20));
    expect(feedback.dialogs).toHaveLength(1);
    expect(http.calls.filter((c) => /remove|delete/i.test(c.url ?? ''))).toHaveLength(0);
  });

  it('asks before moving a mandated chapter up', async () => {
    show(['技术方案']);
    fireEvent.click(screen.getAllByTestId('outline-more')[1]);
    fireEvent.click(await screen.findByText('上移'));
    await waitFor(() => expect(feedback.dialogs.length).toBe(1));
    expect(String(feedback.dialogs[0].title)).toContain('移动');
    feedback.dialogs[0].onCancel?.();
    await new Promise((r) => setTimeout(r, 20));
    expect(http.calls).toHaveLength(0);
  });
});
