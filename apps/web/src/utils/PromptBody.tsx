import { useSyncExternalStore } from 'react';
import { Input } from 'antd';
import type { PromptState } from './prompt.ts';

export interface PromptBodyProps {
  state: PromptState;
  label?: string;
  placeholder?: string;
  inputType?: 'text' | 'password' | 'textarea';
  onSubmit: () => void;
}

/** The input of a prompt dialog with its validation message (rendered inside a confirm modal). */
export function PromptBody({ state, label, placeholder, inputType = 'text', onSubmit }: PromptBodyProps) {
  useSyncExternalStore(state.subscribe, state.getVersion);
  const status = state.error ? 'error' : undefined;
  const common = {
    value: state.value,
    placeholder,
    status,
    autoFocus: true,
    'aria-label': label || placeholder,
    'aria-invalid': state.error ? true : undefined,
  } as const;
  return (
    <div className="prompt-dialog-body">
      {label ? <div style={{ marginBottom: 8 }}>{label}</div> : null}
      {inputType === 'textarea' ? (
        <Input.TextArea
          {...common}
          autoSize={{ minRows: 3, maxRows: 8 }}
          onChange={(e) => state.setValue(e.target.value)}
        />
      ) : inputType === 'password' ? (
        <Input.Password
          {...common}
          onChange={(e) => state.setValue(e.target.value)}
          onPressEnter={onSubmit}
        />
      ) : (
        <Input {...common} onChange={(e) => state.setValue(e.target.value)} onPressEnter={onSubmit} />
      )}
      <div
        role="alert"
        className="prompt-dialog-error"
        style={{ color: 'var(--ant-color-error, #ff4d4f)', minHeight: 22, marginTop: 4 }}
      >
        {state.error ?? ''}
      </div>
    </div>
  );
}
