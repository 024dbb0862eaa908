import { createElement, type ReactNode } from 'react';
import { message as staticMessage, Modal, notification as staticNotification } from 'antd';
import type { MessageArgsProps, ModalFuncProps, NotificationArgsProps } from 'antd';
import { LIMITS, MSG, type NotificationPlacement } from '@bid/shared';
import { PromptState, validatePromptValue, type PromptRules } from './prompt.ts';
import { PromptBody } from './PromptBody.tsx';

/**
 * Toasts, notifications and dialogs (SPEC sections 8 and 9). Everything the app shows goes through
 * here so the durations, offsets and placements come from LIMITS in one place.
 *
 * By default antd's static APIs are used (they work outside React, e.g. from the request layer).
 * Inside `<App>` the shell can bind the context-aware instances (theme, locale) with `bindFeedback`
 * or by rendering `<FeedbackBridge />`; tests bind fakes the same way.
 */

export type FeedbackType = 'success' | 'info' | 'warning' | 'error';

export interface FeedbackApi {
  message: { open: (args: MessageArgsProps) => unknown };
  notification: { open: (args: NotificationArgsProps) => unknown };
  modal: { confirm: (props: ModalFuncProps) => { destroy: () => void } };
}

const msToSeconds = (ms: number) => ms / 1000;

/** Global config for antd's static APIs and for `<App message={...} notification={...}>`. */
export const MESSAGE_CONFIG = { top: LIMITS.toastOffset, duration: msToSeconds(LIMITS.toastMs) } as const;
export const NOTIFICATION_CONFIG = {
  duration: msToSeconds(LIMITS.notificationMs),
  placement: 'topRight' as NotificationPlacement,
} as const;

staticMessage.config(MESSAGE_CONFIG);
staticNotification.config(NOTIFICATION_CONFIG);

const staticApi: FeedbackApi = {
  message: staticMessage,
  notification: staticNotification,
  modal: { confirm: (props) => Modal.confirm(props) },
};
let bound: Partial<FeedbackApi> = {};

function currentApi(): FeedbackApi {
  return { ...staticApi, ...bound };
}

/** Replace some or all of the antd APIs (App.useApp() instances, or fakes in tests); returns an undo. */
export function bindFeedback(api: Partial<FeedbackApi>): () => void {
  const previous = bound;
  bound = { ...bound, ...api };
  return () => {
    bound = previous;
  };
}

// ---------------------------------------------------------------- toasts (antd message)

export function toast(type: FeedbackType, content: ReactNode, durationMs: number = LIMITS.toastMs): void {
  currentApi().message.open({
    type,
    content,
    duration: msToSeconds(durationMs),
    // Identical texts replace each other instead of stacking when several calls fail together.
    key: typeof content === 'string' ? `${type}:${content}` : undefined,
  });
}
export const toastSuccess = (content: ReactNode, durationMs?: number) =>
  toast('success', content, durationMs);
export const toastInfo = (content: ReactNode, durationMs?: number) => toast('info', content, durationMs);
export const toastWarning = (content: ReactNode, durationMs?: number) =>
  toast('warning', content, durationMs);
export const toastError = (content: ReactNode, durationMs?: number) => toast('error', content, durationMs);

// ---------------------------------------------------------------- notifications

export interface NotifyOptions {
  description?: ReactNode;
  /** Default: LIMITS.errorNotificationMs for errors, LIMITS.notificationMs otherwise. */
  durationMs?: number;
  placement?: NotificationPlacement;
  key?: string;
}

export function defaultNotificationMs(type: FeedbackType): number {
  return type === 'error' ? LIMITS.errorNotificationMs : LIMITS.notificationMs;
}

export function notify(type: FeedbackType, title: ReactNode, options: NotifyOptions = {}): void {
  const durationMs = options.durationMs ?? defaultNotificationMs(type);
  const description = options.description;
  const key =
    options.key ??
    (typeof title === 'string' && (description === undefined || typeof description === 'string')
      ? `${type}:${title}:${description ?? ''}`
      : undefined);
  currentApi().notification.open({
    type,
    title,
    description,
    duration: msToSeconds(durationMs),
    placement: options.placement ?? NOTIFICATION_CONFIG.placement,
    key,
  });
}
export const notifySuccess = (title: ReactNode, options?: NotifyOptions) => notify('success', title, options);
export const notifyInfo = (title: ReactNode, options?: NotifyOptions) => notify('info', title, options);
export const notifyWarning = (title: ReactNode, options?: NotifyOptions) => notify('warning', title, options);
export const notifyError = (title: ReactNode, options?: NotifyOptions) => notify('error', title, options);

// ---------------------------------------------------------------- dialogs

export interface ConfirmOptions {
  content: ReactNode;
  title?: ReactNode;
  okText?: string;
  cancelText?: string;
  /** Red OK button for destructive actions (delete, overwrite). */
  danger?: boolean;
}

/** Resolves true on OK, false on cancel or close. */
export function confirmDialog({
  content,
  title = MSG.confirmTitle,
  okText = MSG.confirmOk,
  cancelText = MSG.confirmCancel,
  danger = false,
}: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    currentApi().modal.confirm({
      title,
      content,
      okText,
      cancelText,
      okButtonProps: danger ? { danger: true } : undefined,
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}

export interface PromptOptions extends PromptRules {
  title?: ReactNode;
  label?: string;
  placeholder?: string;
  initialValue?: string;
  inputType?: 'text' | 'password' | 'textarea';
  okText?: string;
  cancelText?: string;
}

/** Resolves the entered value once it passes validation, or null when the dialog is cancelled. */
export function promptDialog(options: PromptOptions): Promise<string | null> {
  const {
    title = MSG.confirmTitle,
    label,
    placeholder,
    initialValue = '',
    inputType,
    okText = MSG.confirmOk,
    cancelText = MSG.confirmCancel,
  } = options;
  const state = new PromptState(initialValue);
  return new Promise((resolve) => {
    let instance: { destroy: () => void } | null = null;
    let settled = false;
    // Invalid input keeps the dialog open and shows the message under the field.
    const submit = (close: () => void) => {
      if (settled) return;
      const error = validatePromptValue(state.value, options);
      if (error) {
        state.setError(error);
        return;
      }
      settled = true;
      close();
      resolve(state.value);
    };
    instance = currentApi().modal.confirm({
      title,
      icon: null,
      okText,
      cancelText,
      content: createElement(PromptBody, {
        state,
        label,
        placeholder,
        inputType,
        onSubmit: () => submit(() => instance?.destroy()),
      }),
      // antd keeps the dialog open when onOk takes `close` and does not call it.
      onOk: (close: () => void) => submit(close),
      onCancel: () => {
        if (settled) return;
        settled = true;
        resolve(null);
      },
    });
  });
}
