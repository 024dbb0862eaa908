import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { Modal, message, notification } from 'antd';
import { LIMITS, NOTIFICATION_PLACEMENTS } from '@bid/shared';
import { recordFeedback } from '../api/testkit.ts';
import {
  MESSAGE_CONFIG,
  notify,
  notifyError,
  notifyWarning,
  NOTIFICATION_CONFIG,
  promptDialog,
  toast,
  toastError,
  toastSuccess,
} from './feedback.ts';

describe('toasts and notifications (SPEC section 9)', () => {
  let fb: ReturnType<typeof recordFeedback>;
  afterEach(() => fb?.undo());

  it('toasts last LIMITS.toastMs (3 s) by default, and sit LIMITS.toastOffset (16) from the top', () => {
    fb = recordFeedback();
    toastSuccess('保存成功');
    toastError('保存失败', 6000);
    expect(fb.toasts).toEqual([
      { type: 'success', content: '保存成功', duration: 3, key: 'success:保存成功' },
      { type: 'error', content: '保存失败', duration: 6, key: 'error:保存失败' },
    ]);
    expect(MESSAGE_CONFIG).toEqual({ top: LIMITS.toastOffset, duration: LIMITS.toastMs / 1000 });
    expect(LIMITS.toastOffset).toBe(16);
  });

  it('notifications last 4.5 s, error notifications 5 s, top right unless told', () => {
    fb = recordFeedback();
    notifyWarning('额度不足');
    notifyError('保存失败', { description: '网络错误' });
    notify('info', '提示', { durationMs: 1000 });
    expect(fb.notes.map((n) => [n.type, n.title, n.description, n.duration, n.placement])).toEqual([
      ['warning', '额度不足', undefined, 4.5, 'topRight'],
      ['error', '保存失败', '网络错误', 5, 'topRight'],
      ['info', '提示', undefined, 1, 'topRight'],
    ]);
    expect(NOTIFICATION_CONFIG).toEqual({ duration: LIMITS.notificationMs / 1000, placement: 'topRight' });
  });

  it('the four placements are a parameter', () => {
    fb = recordFeedback();
    for (const placement of NOTIFICATION_PLACEMENTS) notify('success', placement, { placement });
    expect(fb.notes.map((n) => n.placement)).toEqual(['topRight', 'topLeft', 'bottomRight', 'bottomLeft']);
  });

  it('identical texts share a key so a burst replaces instead of stacking', () => {
    fb = recordFeedback();
    notifyError('网络开小差了');
    notifyError('网络开小差了');
    toast('warning', '请勿重复提交');
    expect(fb.notes[0].key).toBe(fb.notes[1].key);
    expect(fb.toasts[0].key).toBe('warning:请勿重复提交');
  });
});

// antd renders its static holders asynchronously; on a loaded test machine that takes a while.
const SLOW = { timeout: 8000 };

describe('with antd itself (no fakes)', () => {
  // antd's static holders close on timers (a toast after 3 s, a dialog after its animation). Left
  // running past the file, they render into a torn-down document and fail the whole run.
  afterAll(async () => {
    act(() => {
      message.destroy();
      notification.destroy();
      Modal.destroyAll();
    });
    await new Promise((r) => setTimeout(r, 500));
  });

  it('a toast appears in the page', { timeout: 20_000 }, async () => {
    toastSuccess('已复制到剪贴板');
    await waitFor(() => expect(screen.getByText('已复制到剪贴板')).toBeTruthy(), SLOW);
  });

  it(
    'a prompt shows its validation message, keeps the dialog open, then accepts a valid value with Enter',
    { timeout: 30_000 },
    async () => {
      let result: Promise<string | null> = Promise.resolve(null);
      act(() => {
        result = promptDialog({
          title: '新建章节',
          label: '章节名称',
          validator: (v) => (v.trim() ? true : '章节名称不能为空'),
        });
      });
      const input = (await screen.findByLabelText('章节名称', undefined, SLOW)) as HTMLInputElement;
      fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }, SLOW));
      await waitFor(() => expect(screen.getByText('章节名称不能为空')).toBeTruthy(), SLOW);
      expect(screen.getByLabelText('章节名称')).toBeTruthy();
      fireEvent.change(input, { target: { value: '技术方案' } });
      await waitFor(() => expect(screen.queryByText('章节名称不能为空')).toBeNull(), SLOW);
      fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
      await expect(result).resolves.toBe('技术方案');
    },
  );
});
