/**
 * Test helpers for the request layer: a fake HTTP layer for the axios instance and a recorder of what
 * the user would see. Imported by tests only.
 */
import { AxiosError, AxiosHeaders, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import type { MessageArgsProps, ModalFuncProps, NotificationArgsProps } from 'antd';
import { bindFeedback } from '../utils/feedback.ts';
import { http } from './request.ts';

export type FakeReply =
  | { status?: number; data?: unknown; headers?: Record<string, string> }
  | { fail: 'network' }
  | { fail: 'timeout' }
  | { fail: 'message'; message: string };

export type FakeHandler = (config: InternalAxiosRequestConfig) => FakeReply | Promise<FakeReply>;

/** Routes every request of `http` to `handler`, settling like axios's own adapters do. */
export function installFakeHttp(handler: FakeHandler) {
  const calls: InternalAxiosRequestConfig[] = [];
  const previous = http.defaults.adapter;
  http.defaults.adapter = async (config) => {
    calls.push(config);
    const reply = await handler(config);
    if ('fail' in reply) {
      if (reply.fail === 'network') throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {});
      if (reply.fail === 'timeout')
        throw new AxiosError(`timeout of ${config.timeout}ms exceeded`, AxiosError.ECONNABORTED, config, {});
      throw new AxiosError(reply.message, AxiosError.ERR_BAD_RESPONSE, config, {});
    }
    const status = reply.status ?? 200;
    const response: AxiosResponse = {
      data: reply.data,
      status,
      statusText: String(status),
      headers: new AxiosHeaders(reply.headers ?? { 'content-type': 'application/json' }),
      config,
      request: {},
    };
    if (!config.validateStatus || config.validateStatus(status)) return response;
    throw new AxiosError(
      `Request failed with status code ${status}`,
      status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST,
      config,
      {},
      response,
    );
  };
  return {
    calls,
    restore() {
      http.defaults.adapter = previous;
    },
  };
}

export const ok = (data: unknown, code = 200, msg = '操作成功') => ({
  data: { code, success: code === 200, msg, data },
});
export const fail = (code: number, msg: string, status = 200, data: unknown = null) => ({
  status,
  data: { code, success: false, msg, data },
});

/** Records toasts, notifications and dialogs instead of rendering them. */
export function recordFeedback() {
  const toasts: MessageArgsProps[] = [];
  const notes: NotificationArgsProps[] = [];
  const dialogs: ModalFuncProps[] = [];
  const destroyed: number[] = [];
  const undo = bindFeedback({
    message: { open: (a) => toasts.push(a) },
    notification: { open: (a) => notes.push(a) },
    modal: {
      confirm: (p) => {
        const index = dialogs.push(p) - 1;
        return { destroy: () => destroyed.push(index) };
      },
    },
  });
  return {
    toasts,
    notes,
    dialogs,
    destroyed,
    undo,
    /** Everything shown, in a compact comparable form. */
    get seen() {
      return [
        ...toasts.map((t) => ({ via: 'toast', type: t.type, text: t.content, seconds: t.duration })),
        ...notes.map((n) => ({
          via: 'notification',
          type: n.type,
          text: n.title,
          description: n.description,
          seconds: n.duration,
        })),
      ];
    },
  };
}
