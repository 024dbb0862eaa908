import { API_BASE, MSG, timeoutFor, type Endpoint, type Envelope } from '@bid/shared';
import { sessionPort } from './sessionPort.ts';
import { toastWarning } from '../utils/feedback.ts';
import { ApiError } from './errors.ts';
import {
  canceledFailure,
  envelopeFailure,
  isSuccessCode,
  networkFailure,
  parseEnvelopeText,
  statusFailure,
  timeoutFailure,
  type FailureContext,
} from './failure.ts';
import { standardHeaders } from './headers.ts';
import { duplicateGuard, normalizePath } from './request.ts';

export interface SseEvent {
  /** `message` unless the server named it with `event:`. */
  event: string;
  /** The `data:` lines joined with `\n`. */
  data: string;
  /** The last `id:` seen on the stream, if any. */
  id?: string;
  /** A `retry:` hint in ms, when this event carried one. */
  retry?: number;
}

/**
 * Incremental parser for `text/event-stream` (the WHATWG "event stream interpretation"): feed it
 * decoded text in chunks of any size; it calls `onEvent` for each complete event.
 */
export class SseParser {
  private buffer = '';
  private data: string[] = [];
  private eventType = '';
  private lastId: string | undefined;
  private retry: number | undefined;
  private started = false;

  constructor(private readonly onEvent: (event: SseEvent) => void) {}

  push(chunk: string): void {
    this.buffer += chunk;
    if (!this.started && this.buffer.length > 0) {
      this.started = true;
      if (this.buffer.charCodeAt(0) === 0xfeff) this.buffer = this.buffer.slice(1);
    }
    let start = 0;
    for (;;) {
      const cr = this.buffer.indexOf('\r', start);
      const lf = this.buffer.indexOf('\n', start);
      if (cr < 0 && lf < 0) break;
      const end = cr < 0 ? lf : lf < 0 ? cr : Math.min(cr, lf);
      let next = end + 1;
      if (this.buffer[end] === '\r') {
        // A CR at the very end may be the first half of CRLF split across chunks: wait for more.
        if (end === this.buffer.length - 1) break;
        if (this.buffer[end + 1] === '\n') next = end + 2;
      }
      this.line(this.buffer.slice(start, end));
      start = next;
    }
    this.buffer = this.buffer.slice(start);
  }

  /** End of stream: a trailing lone CR still ends its line; an unfinished event is dropped (per spec). */
  end(): void {
    if (this.buffer.endsWith('\r')) {
      this.line(this.buffer.slice(0, -1));
      this.buffer = '';
    }
    this.buffer = '';
    this.data = [];
    this.eventType = '';
  }

  private line(line: string): void {
    if (line === '') {
      this.dispatch();
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'data':
        this.data.push(value);
        break;
      case 'event':
        this.eventType = value;
        break;
      case 'id':
        if (!value.includes('\0')) this.lastId = value;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) this.retry = Number(value);
        break;
      default:
        break;
    }
  }

  private dispatch(): void {
    const retry = this.retry;
    this.retry = undefined;
    if (this.data.length === 0) {
      this.eventType = '';
      return;
    }
    const event: SseEvent = { event: this.eventType || 'message', data: this.data.join('\n') };
    if (this.lastId !== undefined) event.id = this.lastId;
    if (retry !== undefined) event.retry = retry;
    this.data = [];
    this.eventType = '';
    this.onEvent(event);
  }
}

export interface SseOptions {
  onEvent: (event: SseEvent) => void;
  signal?: AbortSignal;
  /** Whole-stream limit; default the call's timeout of SPEC section 7. */
  timeout?: number;
  silent?: boolean;
  noDuplicateGuard?: boolean;
  tenantId?: string;
  headers?: Record<string, string>;
}

export interface SseResult {
  /** Set when the server answered a JSON envelope with a success code instead of a stream (e.g. 10014). */
  envelope?: Envelope<unknown>;
}

/**
 * POST with `Accept: text/event-stream`, delivering events as they arrive. Resolves when the stream
 * ends; rejects with a handled ApiError like `api` calls (an abort through `signal` rejects silently).
 */
export function sse<Req>(
  endpoint: Endpoint<Req, unknown>,
  body: Req,
  options: SseOptions,
): Promise<SseResult>;
export function sse(path: string, body: unknown, options: SseOptions): Promise<SseResult>;
export async function sse(
  target: string | Endpoint<unknown, unknown>,
  body: unknown,
  options: SseOptions,
): Promise<SseResult> {
  const url = normalizePath(typeof target === 'string' ? target : target.path);
  if (!options.noDuplicateGuard && !duplicateGuard.admit('POST', url, body)) {
    if (!options.silent) toastWarning(MSG.duplicateSubmit);
    throw new ApiError(MSG.duplicateSubmit, { kind: 'duplicate', silent: options.silent });
  }
  const requestToken = sessionPort().token();
  const ctx: FailureContext = { silent: options.silent, requestToken };

  const controller = new AbortController();
  let timedOut = false;
  const onAbort = () => controller.abort();
  if (options.signal?.aborted) controller.abort();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  const timer = setTimeout(
    () => {
      timedOut = true;
      controller.abort();
    },
    options.timeout ?? timeoutFor(url),
  );

  const failed = (error: unknown): ApiError => {
    if (timedOut) return timeoutFailure(ctx, error);
    if (options.signal?.aborted) return canceledFailure(error);
    return networkFailure(ctx, error);
  };

  try {
    let res: Response;
    try {
      res = await fetch(`${API_BASE}${url}`, {
        method: 'POST',
        headers: {
          ...standardHeaders(options.tenantId),
          'Content-Type': 'application/json',
          Accept: 'text/event-stream',
          ...options.headers,
        },
        body: JSON.stringify(body ?? {}),
        signal: controller.signal,
        credentials: 'same-origin',
      });
    } catch (error) {
      throw failed(error);
    }

    const type = res.headers.get('content-type') ?? '';
    if (!res.ok || !/text\/event-stream/i.test(type)) {
      let text = '';
      try {
        text = await res.text();
      } catch (error) {
        throw failed(error);
      }
      const env = parseEnvelopeText(text);
      if (env && !isSuccessCode(env.code)) throw envelopeFailure(env, res.status, ctx);
      if (!res.ok) throw statusFailure(res.status, ctx);
      if (env) return { envelope: env };
      throw networkFailure(ctx);
    }

    // An exception in the caller's handler is the caller's, not a network failure: pass it on as is.
    let handlerError: { error: unknown } | null = null;
    const parser = new SseParser((event) => {
      try {
        options.onEvent(event);
      } catch (error) {
        handlerError = { error };
        throw error;
      }
    });
    if (!res.body) {
      parser.push(await res.text());
      parser.end();
      return {};
    }
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    // Not every fetch implementation errors a body that is already flowing when the signal aborts.
    const cancelReader = () => void reader.cancel().catch(() => undefined);
    controller.signal.addEventListener('abort', cancelReader, { once: true });
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (controller.signal.aborted) throw new DOMException('aborted', 'AbortError');
        if (done) break;
        parser.push(decoder.decode(value, { stream: true }));
      }
      parser.push(decoder.decode());
      parser.end();
    } catch (error) {
      if (handlerError) {
        void reader.cancel().catch(() => undefined);
        throw (handlerError as { error: unknown }).error;
      }
      throw failed(error);
    }
    return {};
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }
}
