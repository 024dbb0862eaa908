import { afterEach, describe, expect, it } from 'vitest';
import { MSG, PHONE_PATTERN } from '@bid/shared';
import { recordFeedback } from '../api/testkit.ts';
import { confirmDialog, promptDialog } from './feedback.ts';
import { PromptState, validatePromptValue } from './prompt.ts';

describe('validatePromptValue', () => {
  it('checks the pattern and shows its message', () => {
    const rules = { pattern: PHONE_PATTERN, patternMessage: '手机号格式不正确' };
    expect(validatePromptValue('13800000000', rules)).toBeNull();
    expect(validatePromptValue('12800000000', rules)).toBe('手机号格式不正确');
    expect(validatePromptValue('', rules)).toBe('手机号格式不正确');
  });

  it('falls back to the generic message', () => {
    expect(validatePromptValue('x', { pattern: /^\d+$/ })).toBe(MSG.promptInvalid);
    expect(validatePromptValue('x', { validator: () => false })).toBe(MSG.promptInvalid);
  });

  it('a custom validator answers true or its own message', () => {
    const validator = (v: string) => (v.trim().length >= 2 ? true : '名称至少 2 个字');
    expect(validatePromptValue('技术', { validator })).toBeNull();
    expect(validatePromptValue('技', { validator })).toBe('名称至少 2 个字');
  });

  it('runs the pattern before the validator, and is stable with a global regex', () => {
    const rules = {
      pattern: /^\d+$/g,
      patternMessage: '只能填数字',
      validator: (v: string) => Number(v) <= 100 || '不能超过 100',
    };
    expect(validatePromptValue('abc', rules)).toBe('只能填数字');
    expect(validatePromptValue('500', rules)).toBe('不能超过 100');
    expect(validatePromptValue('50', rules)).toBeNull();
    expect(validatePromptValue('50', rules)).toBeNull();
  });

  it('no rules: anything goes', () => {
    expect(validatePromptValue('', {})).toBeNull();
  });
});

describe('PromptState', () => {
  it('typing clears a shown error and notifies the view', () => {
    const s = new PromptState('a');
    let renders = 0;
    s.subscribe(() => renders++);
    s.setError('错');
    s.setValue('ab');
    expect([s.value, s.error, renders]).toEqual(['ab', null, 2]);
  });
});

describe('dialogs', () => {
  let fb: ReturnType<typeof recordFeedback>;
  afterEach(() => fb.undo());

  it('confirmDialog defaults to 系统提示 / 确定 / 取消 and resolves by the button', async () => {
    fb = recordFeedback();
    const yes = confirmDialog({ content: '确定删除该标书吗？' });
    expect(fb.dialogs[0]).toMatchObject({
      title: '系统提示',
      okText: '确定',
      cancelText: '取消',
      content: '确定删除该标书吗？',
    });
    fb.dialogs[0].onOk!();
    await expect(yes).resolves.toBe(true);

    const no = confirmDialog({ content: 'x', title: '删除', okText: '删除', cancelText: '算了' });
    expect(fb.dialogs[1]).toMatchObject({ title: '删除', okText: '删除', cancelText: '算了' });
    fb.dialogs[1].onCancel!();
    await expect(no).resolves.toBe(false);
  });

  it('promptDialog stays open with the message while invalid and resolves the valid value', async () => {
    fb = recordFeedback();
    const p = promptDialog({
      title: '修改手机号',
      pattern: PHONE_PATTERN,
      patternMessage: '手机号格式不正确',
      initialValue: '138',
    });
    const dialog = fb.dialogs[0];
    const props = (dialog.content as { props: { state: PromptState } }).props;
    let closed = 0;
    dialog.onOk!(() => closed++);
    expect(closed).toBe(0);
    expect(props.state.error).toBe('手机号格式不正确');
    props.state.setValue('13912345678');
    dialog.onOk!(() => closed++);
    expect(closed).toBe(1);
    await expect(p).resolves.toBe('13912345678');
  });

  it('promptDialog resolves null on cancel', async () => {
    fb = recordFeedback();
    const p = promptDialog({ title: '重命名' });
    fb.dialogs[0].onCancel!();
    await expect(p).resolves.toBeNull();
  });
});
