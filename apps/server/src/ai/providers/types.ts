import type { ModelTier } from '@bid/shared';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface TokenUsage {
  promptTokens: number;
  completionTokens: number;
}

export interface ChatRequest {
  tier: ModelTier;
  messages: ChatMessage[];
  /** Ask for a JSON object (response_format json_object); the caller still validates it. */
  json?: boolean;
  maxTokens?: number;
  temperature?: number;
  /** Aborts the call (the caller gave up: cancel, client gone, job lease lost). */
  signal?: AbortSignal;
  /** Called with each text chunk as it arrives. */
  onDelta?: (text: string) => void;
  /** Whole-call limit; defaults per provider. */
  timeoutMs?: number;
}

export interface ChatResult {
  text: string;
  usage: TokenUsage;
  model: string;
  finishReason: string | null;
}

/**
 * A text model behind one interface: a stream of text chunks (onDelta), JSON mode, an abort
 * signal and token usage. The OpenAI-compatible client implements it; tests point it at the fake
 * server. The offline engine works at the task level instead (it has no prompts to answer).
 */
export interface ChatProvider {
  readonly name: 'openai';
  /** The model a tier resolves to (for records and the UI). */
  modelOf(tier: ModelTier): string;
  chat(req: ChatRequest): Promise<ChatResult>;
}
