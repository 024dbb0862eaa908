import { useLayoutEffect } from 'react';
import { App } from 'antd';
import { bindFeedback } from './feedback.ts';

/**
 * Render once inside antd's `<App>`: from then on toasts, notifications and dialogs opened from
 * anywhere (the request layer included) use the context-aware instances (theme, zh_CN locale).
 */
export function FeedbackBridge(): null {
  const { message, notification, modal } = App.useApp();
  useLayoutEffect(() => bindFeedback({ message, notification, modal }), [message, notification, modal]);
  return null;
}
