import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { CATALOG_LIMITS, type CatalogNode } from '@bid/shared';
import { fail, installFakeHttp, ok, recordFeedback, type FakeReply } from '../../../api/testkit.ts';
import { ChapterSettingsModal } from './ChapterSettingsModal.tsx';

const chapter: CatalogNode = {
  id: 'c1',
  bidId: 'b1',
  parentId: null,
  title: '服务方案',
  level: 1,
  sort: 1,
  status: 'empty',
  progress: 0,
  wordCount: 0,
  targetWords: 800,
  hasContent: false,
  ownWords: 0,
  wordsNeeded: 480,
  written: false,
  version: 0,
  settings: {},
  scoringItems: null,
  engine: null,
  updateTime: '2026-11-23T00:00:00.000Z',
  children: [],
};

let http: ReturnType<typeof installFakeHttp>;
let feedback: ReturnType<typeof recordFeedback>;
let reply: FakeReply;

beforeEach(() => {
  feedback = recordFeedback();
  reply = ok({});
  http = installFakeHttp(() => reply);
});

afterEach(() => {
  cleanup();
  http.restore();
  feedback.undo();
});

function openDialog() {
  const onClose = vi.fn();
  render(<ChapterSettingsModal chapter={chapter} onClose={onClose} />);
  const save = () => fireEvent.click(screen.getByText('保 存').closest('button')!);
  return { onClose, save };
}

describe('ChapterSettingsModal (the gear)', () => {
  it('saves the settings and closes with changed = true', async () => {
    const { onClose, save } = openDialog();
    fireEvent.change(screen.getByPlaceholderText(/突出本地化服务团队/), {
      target: { value: '  写清 2 小时响应  ' },
    });
    save();
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(http.calls).toHaveLength(1);
    expect(JSON.parse(http.calls[0].data as string)).toEqual({
      id: 'c1',
      settings: { targetWords: 800, requirement: '写清 2 小时响应', include: null, noText: false },
    });
  });

  it('marks the chapter 无需正文', async () => {
    const { onClose, save } = openDialog();
    fireEvent.click(screen.getByText('无需正文'));
    save();
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(JSON.parse(http.calls[0].data as string).settings.noText).toBe(true);
  });

  it('an invalid field is marked in the form: no call, the dialog stays open, nothing thrown', async () => {
    const { onClose, save } = openDialog();
    fireEvent.change(screen.getByPlaceholderText(/突出本地化服务团队/), {
      target: { value: '字'.repeat(CATALOG_LIMITS.requirementMax + 1) },
    });
    save();
    await screen.findByText(`写作要求不能超过 ${CATALOG_LIMITS.requirementMax} 个字`);
    expect(http.calls).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('a refusal of the server keeps the dialog open', async () => {
    reply = fail(400, '目标字数不能超过 20000', 400);
    const { onClose, save } = openDialog();
    save();
    await waitFor(() => expect(http.calls).toHaveLength(1));
    await waitFor(() => expect(feedback.notes.length).toBe(1));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByText('保 存').closest('button')!.className).not.toContain('ant-btn-loading');
  });
});
