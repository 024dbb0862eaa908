import { describe, expect, it } from 'vitest';
import { applyEvent, emptyJob, engineText, isRunning } from './writingJob.ts';

describe('full-text job view', () => {
  it('builds progress from a snapshot and the events that follow', () => {
    const titles: Record<string, string> = { a: '第一章', b: '第二章', c: '第三章' };
    const t = (id: string) => titles[id] ?? '';
    let v = applyEvent(
      emptyJob,
      'snapshot',
      {
        jobId: 'j1',
        status: 'running',
        done: 1,
        total: 3,
        chapters: [
          { catalogId: 'a', status: 'done', engine: 'offline' },
          { catalogId: 'b', status: 'pending' },
          { catalogId: 'c', status: 'pending' },
        ],
      },
      t,
    );
    expect(isRunning(v)).toBe(true);
    expect([v.done, v.total]).toEqual([1, 3]);
    v = applyEvent(
      v,
      'chapter',
      { type: 'chapter', jobId: 'j1', catalogId: 'b', title: '第二章', status: 'writing' },
      t,
    );
    v = applyEvent(v, 'delta', { catalogId: 'b', text: '一二三' }, t);
    v = applyEvent(v, 'delta', { catalogId: 'b', text: '四五' }, t);
    expect(v.chapters.b).toMatchObject({ status: 'writing', chars: 5, title: '第二章' });
    v = applyEvent(v, 'chapter', { catalogId: 'c', status: 'error', msg: '连接中断' }, t);
    v = applyEvent(
      v,
      'job',
      { jobId: 'j1', status: 'done', done: 2, failed: 1, total: 3, msg: '1 个章节写作失败' },
      t,
    );
    expect(isRunning(v)).toBe(false);
    expect(v.order).toEqual(['a', 'b', 'c']);
    expect(v.chapters.c).toMatchObject({ status: 'error', msg: '连接中断', title: '第三章' });
    expect([v.done, v.total]).toEqual([2, 3]);
  });

  it('an event that does not parse changes nothing', () => {
    const v = applyEvent(emptyJob, 'snapshot', {
      jobId: 'j1',
      status: 'running',
      done: 0,
      total: 1,
      chapters: [{ catalogId: 'a', status: 'pending' }],
    });
    expect(applyEvent(v, 'chapter', { catalogId: 'a', status: 'half-done' })).toBe(v);
    expect(applyEvent(v, 'delta', { catalogId: 'a' })).toBe(v);
    expect(applyEvent(v, 'job', { status: 'running' })).toBe(v);
    expect(applyEvent(v, 'snapshot', null)).toBe(v);
  });

  it('names the engine that wrote a chapter', () => {
    expect(engineText('offline')).toEqual({ label: '离线草稿', color: 'default' });
    expect(engineText('openai:deepseek-chat')).toEqual({ label: 'AI · deepseek-chat', color: 'green' });
    expect(engineText(null)).toBeNull();
  });
});
