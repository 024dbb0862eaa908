import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import type { InternalAxiosRequestConfig } from 'axios';
import type { DiffDetail } from '@bid/shared';
import { installFakeHttp, ok, recordFeedback, type FakeReply } from '../../../api/testkit.ts';
import { renderRoute } from '../../../router/testing.tsx';

/** The detail screen: progress while the job runs, then the result without a reload. */

const base: DiffDetail = {
  id: 'd1',
  name: '投标前自查',
  status: 'running',
  progress: 45,
  stage: '正在比对文字（1/1 对）',
  error: null,
  score: 0,
  documents: [
    { key: 'A', name: '甲标书', source: 'bid', text: '', images: 0 },
    { key: 'B', name: '乙文件.docx', source: 'file', text: '', images: 0 },
  ],
  pairs: [],
  passages: [],
  images: [],
  metadata: [],
  tenderExcluded: false,
  createTime: '2026-11-24T02:00:00.000Z',
};

const done: DiffDetail = {
  ...base,
  status: 'done',
  progress: 100,
  stage: '已完成',
  score: 40,
  documents: [
    { key: 'A', name: '甲标书', source: 'bid', text: '前言。本项目工期为九十天。', images: 0 },
    { key: 'B', name: '乙文件.docx', source: 'file', text: '本项目工期为九十天。后记。', images: 0 },
  ],
  pairs: [{ a: 'A', b: 'B', score: 40, passages: 1, images: 0, metadata: 1 }],
  passages: [
    {
      a: { key: 'A', text: '本项目工期为九十天。', start: 3, end: 13 },
      b: { key: 'B', text: '本项目工期为九十天。', start: 0, end: 10 },
      similarity: 1,
    },
  ],
  metadata: [{ field: '公司', value: '某某咨询有限公司', keys: ['A', 'B'] }],
};

let http: ReturnType<typeof installFakeHttp>;
let feedback: ReturnType<typeof recordFeedback>;
/** What the server answers now; a test moves it on. */
let reply: FakeReply;

beforeEach(() => {
  feedback = recordFeedback();
  reply = ok(base);
  http = installFakeHttp((c: InternalAxiosRequestConfig) => {
    if ((c.url ?? '').endsWith('/diff/client/detail')) return reply;
    return ok(null);
  });
});

afterEach(() => {
  cleanup();
  http.restore();
  feedback.undo();
});

describe('/home/bidingDiff/detail', () => {
  it(
    'shows the progress while comparing, then the pair with its passage highlighted on both sides',
    { timeout: 40_000 },
    async () => {
      renderRoute('/home/bidingDiff/detail?id=d1', { token: 't' });
      await screen.findByText(/正在比对文字（1\/1 对）/, undefined, { timeout: 15_000 });
      expect(document.querySelector('.ant-progress')).not.toBeNull();
      // The page asks again while running and shows the result once the job is done.
      reply = ok(done);
      await waitFor(
        () =>
          expect(screen.getByTestId('diff-pane-a').querySelector('mark')?.textContent).toBe(
            '本项目工期为九十天。',
          ),
        { timeout: 4000 },
      );
      expect(screen.getByTestId('diff-pane-b').querySelector('mark')?.textContent).toBe(
        '本项目工期为九十天。',
      );
      expect(screen.getByTestId('diff-export')).toBeTruthy();
      expect(screen.getByText('文档属性（1）')).toBeTruthy();
    },
  );

  it('says when a comparison failed', { timeout: 40_000 }, async () => {
    reply = ok({ ...base, status: 'failed', error: '“甲标书”没有可比对的文字' });
    renderRoute('/home/bidingDiff/detail?id=d1', { token: 't' });
    await screen.findByText('查重失败', undefined, { timeout: 15_000 });
    expect(screen.getByText('“甲标书”没有可比对的文字')).toBeTruthy();
  });
});
