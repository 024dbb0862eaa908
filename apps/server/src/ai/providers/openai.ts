import OpenAI, { APIConnectionError, APIError, APIUserAbortError } from 'openai';
import type { ModelTier } from '@bid/shared';
import { AiError, abortedError } from '../errors.ts';
import { Semaphore } from '../semaphore.ts';
import type { ChatProvider, ChatRequest, ChatResult, TokenUsage } from './types.ts';

export interface TierConfig {
  baseURL: string;
  apiKey: string;
  model: string;
  concurrency: number;
}

export interface OpenAiProviderOptions {
  tiers: Partial<Record<ModelTier, TierConfig>>;
  /** Retries on 429/5xx/connection loss before the first token (after it the call fails). */
  maxRetries?: number;
  /** First backoff; doubles per retry, with jitter; a Retry-After up to maxRetryAfterMs wins. */
  backoffMs?: number;
  maxRetryAfterMs?: number;
  /** Time to the first token, gap between tokens, and the whole call (each per attempt). */
  firstTokenTimeoutMs?: number;
  idleTimeoutMs?: number;
  callTimeoutMs?: number;
  /** Told of every failed attempt, retried or not (metrics: model errors by model and kind). */
  onError?: (model: string, kind: string) => void;
}

interface Tier {
  client: OpenAI;
  model: string;
  sem: Semaphore;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(abortedError());
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(abortedError());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/** Rough token estimate for providers that do not report usage in streams. */
export function estimateTokens(text: string): number {
  const cjk = text.match(/[\u3400-\u9fff]/g)?.length ?? 0;
  return Math.ceil(cjk + (text.length - cjk) / 4);
}

/**
 * Any OpenAI-compatible endpoint (DeepSeek, Qwen, GLM, Moonshot, vLLM, Ollama ...) through the
 * official SDK, one client and one concurrency semaphore per tier. The SDK's own retries are off:
 * a retry is only safe before the first token (after it the caller has already shown text).
 */
export class OpenAiProvider implements ChatProvider {
  readonly name = 'openai' as const;
  private readonly tiers = new Map<ModelTier, Tier>();
  private readonly maxRetries: number;
  private readonly backoffMs: number;
  private readonly maxRetryAfterMs: number;
  private readonly firstTokenTimeoutMs: number;
  private readonly idleTimeoutMs: number;
  private readonly callTimeoutMs: number;
  private readonly onError: OpenAiProviderOptions['onError'];

  constructor(opts: OpenAiProviderOptions) {
    const std = opts.tiers.standard ?? opts.tiers.premium;
    const pre = opts.tiers.premium ?? opts.tiers.standard;
    if (!std || !pre) throw new Error('OpenAiProvider needs at least one configured tier');
    const make = (c: TierConfig): Tier => ({
      client: new OpenAI({ baseURL: c.baseURL, apiKey: c.apiKey, maxRetries: 0 }),
      model: c.model,
      sem: new Semaphore(c.concurrency),
    });
    const stdTier = make(std);
    this.tiers.set('standard', stdTier);
    // A tier without its own configuration shares the other's client and semaphore.
    this.tiers.set('premium', pre === std ? stdTier : make(pre));
    this.maxRetries = opts.maxRetries ?? 3;
    this.backoffMs = opts.backoffMs ?? 500;
    this.maxRetryAfterMs = opts.maxRetryAfterMs ?? 20_000;
    this.firstTokenTimeoutMs = opts.firstTokenTimeoutMs ?? 90_000;
    this.idleTimeoutMs = opts.idleTimeoutMs ?? 60_000;
    this.callTimeoutMs = opts.callTimeoutMs ?? 300_000;
    this.onError = opts.onError;
  }

  modelOf(tier: ModelTier): string {
    return this.tiers.get(tier)!.model;
  }

  /** Concurrency of a tier (the full-text job runs that many chapters at once). */
  concurrencyOf(tier: ModelTier): number {
    return this.tiers.get(tier)!.sem.max;
  }

  async chat(req: ChatRequest): Promise<ChatResult> {
    const tier = this.tiers.get(req.tier)!;
    for (let attempt = 0; ; attempt++) {
      const state = { started: false };
      let retryDelay = 0;
      const release = await tier.sem.acquire(req.signal).catch(() => {
        throw abortedError();
      });
      try {
        return await this.once(tier, req, state);
      } catch (e) {
        const err = this.classify(e, state.started, req.signal);
        if (err.kind !== 'aborted') this.onError?.(tier.model, err.kind);
        if (!err.retryable || state.started || attempt >= this.maxRetries) throw err;
        retryDelay = this.delayFor(e, attempt);
      } finally {
        release();
      }
      await sleep(retryDelay, req.signal);
    }
  }

  private delayFor(e: unknown, attempt: number): number {
    if (e instanceof APIError && e.headers) {
      const ra = e.headers.get?.('retry-after');
      const secs = ra ? Number(ra) : NaN;
      if (Number.isFinite(secs) && secs >= 0) return Math.min(secs * 1000, this.maxRetryAfterMs);
    }
    const base = this.backoffMs * 2 ** attempt;
    return Math.round(base * (0.75 + Math.random() * 0.5));
  }

  private async once(tier: Tier, req: ChatRequest, state: { started: boolean }): Promise<ChatResult> {
    const ctrl = new AbortController();
    let timedOut: string | null = null;
    const onAbort = () => ctrl.abort();
    if (req.signal?.aborted) throw abortedError();
    req.signal?.addEventListener('abort', onAbort, { once: true });
    const callMs = req.timeoutMs ?? this.callTimeoutMs;
    const total = setTimeout(() => {
      timedOut = 'call';
      ctrl.abort();
    }, callMs);
    let idle = setTimeout(() => {
      timedOut = 'first';
      ctrl.abort();
    }, this.firstTokenTimeoutMs);
    const resetIdle = () => {
      clearTimeout(idle);
      idle = setTimeout(() => {
        timedOut = 'idle';
        ctrl.abort();
      }, this.idleTimeoutMs);
    };
    let text = '';
    let finishReason: string | null = null;
    let usage: TokenUsage | null = null;
    let model = tier.model;
    try {
      const stream = await tier.client.chat.completions.create(
        {
          model: tier.model,
          messages: req.messages,
          stream: true,
          stream_options: { include_usage: true },
          ...(req.json ? { response_format: { type: 'json_object' as const } } : {}),
          ...(req.maxTokens ? { max_tokens: req.maxTokens } : {}),
          ...(req.temperature !== undefined ? { temperature: req.temperature } : {}),
        },
        { signal: ctrl.signal, timeout: callMs, maxRetries: 0 },
      );
      for await (const chunk of stream) {
        if (chunk.model) model = chunk.model;
        const choice = chunk.choices?.[0];
        const delta = choice?.delta?.content;
        if (delta) {
          if (!state.started) state.started = true;
          resetIdle();
          text += delta;
          req.onDelta?.(delta);
        }
        if (choice?.finish_reason) finishReason = choice.finish_reason;
        if (chunk.usage)
          usage = {
            promptTokens: chunk.usage.prompt_tokens ?? 0,
            completionTokens: chunk.usage.completion_tokens ?? 0,
          };
      }
    } catch (e) {
      if (timedOut) throw new AiError('timeout', '', true, e);
      throw e;
    } finally {
      clearTimeout(total);
      clearTimeout(idle);
      req.signal?.removeEventListener('abort', onAbort);
    }
    if (!finishReason) {
      // The connection ended without a finish: the answer is incomplete.
      throw new AiError(state.started ? 'stream_broken' : 'connection', '', !state.started);
    }
    return {
      text,
      finishReason,
      model,
      usage: usage ?? {
        promptTokens: estimateTokens(req.messages.map((m) => m.content).join('\n')),
        completionTokens: estimateTokens(text),
      },
    };
  }

  /** Maps an SDK/network failure to an AiError; anything after the first token is not retryable. */
  private classify(e: unknown, started: boolean, signal?: AbortSignal): AiError {
    if (signal?.aborted) return abortedError();
    let out: AiError;
    if (e instanceof AiError) out = e;
    else if (e instanceof APIUserAbortError) out = new AiError('timeout', '', true, e);
    else if (e instanceof APIConnectionError) out = new AiError('connection', '', true, e);
    else if (e instanceof APIError) {
      const s = e.status ?? 0;
      if (s === 429) out = new AiError('rate_limited', '', true, e);
      else if (s >= 500 || s === 408 || s === 409) out = new AiError('server', '', true, e);
      else out = new AiError('config', '', false, e);
    } else out = new AiError('connection', '', true, e);
    if (started && out.kind !== 'aborted')
      return new AiError('stream_broken', messageFor('stream_broken'), false, e);
    return new AiError(out.kind, messageFor(out.kind), out.retryable, out.cause ?? e);
  }
}

function messageFor(kind: AiError['kind']): string {
  switch (kind) {
    case 'timeout':
      return 'AI 模型响应超时，请稍后重试';
    case 'stream_broken':
      return 'AI 模型连接中断，本章未写完，请重试';
    case 'rate_limited':
      return 'AI 模型繁忙（请求过多），请稍后重试';
    case 'config':
      return 'AI 模型配置不正确或请求被拒绝，请联系管理员';
    default:
      return 'AI 模型暂时不可用，请稍后重试';
  }
}
