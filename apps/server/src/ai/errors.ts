import { AI_MESSAGES } from '@bid/shared';

export type AiErrorKind =
  | 'rate_limited'
  | 'server'
  | 'connection'
  | 'timeout'
  | 'aborted'
  | 'bad_output'
  | 'stream_broken'
  | 'config';

/** A failed model call, with a Chinese message fit to show and whether a retry could help. */
export class AiError extends Error {
  constructor(
    public readonly kind: AiErrorKind,
    message: string,
    public readonly retryable = false,
    public override readonly cause?: unknown,
  ) {
    super(message);
    this.name = 'AiError';
  }
}

export function abortedError(): AiError {
  return new AiError('aborted', '已取消', false);
}

export function messageOf(kind: AiErrorKind): string {
  switch (kind) {
    case 'timeout':
      return AI_MESSAGES.timeout;
    case 'stream_broken':
      return AI_MESSAGES.streamBroken;
    case 'bad_output':
      return AI_MESSAGES.badOutput;
    case 'aborted':
      return '已取消';
    default:
      return AI_MESSAGES.modelFailed;
  }
}
