import type { ModelTier } from '@bid/shared';
import type { Config } from '../config/config.ts';
import { ModelEngine } from './model-engine.ts';
import { OfflineEngine } from './offline/engine.ts';
import { OpenAiProvider, type OpenAiProviderOptions, type TierConfig } from './providers/openai.ts';
import type { AiEngine } from './types.ts';
import { FairEngine, FairUse, type SlotLeases, type TokenLedger } from './fair-use.ts';
import { OfflinePool } from './offline/pool.ts';
import { inPlace } from './offline/tasks.ts';
import { SwitchableEngine } from './providers/switch.ts';

export interface AiSetup {
  engine: AiEngine;
  /** 'offline' or 'openai' (GET /api/health answers it): what the engine uses now. */
  readonly providerName: 'offline' | 'openai';
  /** What the server's own settings give when no console provider is active. */
  readonly ownProviderName: 'offline' | 'openai';
  /**
   * Switches every AI task to an OpenAI-compatible provider set in the console, or back to the
   * server's own (null); takes effect for the next task, without a restart.
   */
  useTiers(tiers: Partial<Record<ModelTier, TierConfig>> | null): void;
  /** The model client in use now: the console's when one is active, else `provider`. */
  chatProvider(): OpenAiProvider | null;
  offline: OfflineEngine;
  /** The model client (null offline): shared so that every AI call counts against one semaphore per tier. */
  provider: OpenAiProvider | null;
  /** Fair-use rules every task of `engine` goes through (per-user slots, budgets, stream cap). */
  fair: FairUse;
  /** Starts an offline worker ahead of the first task (production servers). */
  prewarm(): void;
  /** Stops the offline engine's worker threads (on shutdown). */
  close(): Promise<void>;
}

export interface AiDeps {
  ledger?: TokenLedger;
  /** Fair-use slots counted across instances (Redis); without, in this process. */
  slotLeases?: SlotLeases | null;
  /** Worker threads for the offline engine's CPU work; 0 runs it in place (tools, unit tests). */
  offlineWorkers?: number;
  log?: ConstructorParameters<typeof OfflinePool>[1];
}

function tierConfig(config: Config, prefix: 'AI_STANDARD' | 'AI_PREMIUM'): TierConfig | undefined {
  const [baseURL, apiKey, model, concurrency] =
    prefix === 'AI_STANDARD'
      ? [
          config.AI_STANDARD_BASE_URL,
          config.AI_STANDARD_API_KEY,
          config.AI_STANDARD_MODEL,
          config.AI_STANDARD_CONCURRENCY,
        ]
      : [
          config.AI_PREMIUM_BASE_URL,
          config.AI_PREMIUM_API_KEY,
          config.AI_PREMIUM_MODEL,
          config.AI_PREMIUM_CONCURRENCY,
        ];
  if (!baseURL && !apiKey) return undefined;
  if (!model)
    throw new Error(`${prefix}_MODEL 未设置：配置了 ${prefix}_BASE_URL/${prefix}_API_KEY 时必须指定模型名`);
  return {
    baseURL: baseURL ?? 'https://api.openai.com/v1',
    // Local servers (vLLM, Ollama) accept any key; the SDK insists on one.
    apiKey: apiKey || 'not-needed',
    model,
    concurrency: Number(concurrency ?? 4),
  };
}

/**
 * The AI of this server: a model engine when either tier has an endpoint (a tier without its own
 * shares the other's), else the offline engine for both tiers.
 */
export function createAi(
  config: Config,
  overrides: Partial<OpenAiProviderOptions> = {},
  deps: AiDeps = {},
): AiSetup {
  const workers = deps.offlineWorkers ?? 0;
  const cpu = workers > 0 ? new OfflinePool(workers, deps.log ?? null) : inPlace;
  const close = async () => {
    fair.close();
    await cpu.close();
  };
  const prewarm = () => {
    if (cpu instanceof OfflinePool) cpu.prewarm();
  };
  const offline = new OfflineEngine(4, cpu);
  const fair = new FairUse(
    {
      perUser: config.AI_USER_CONCURRENCY,
      perCompany: config.AI_COMPANY_CONCURRENCY,
      userDailyTokens: config.AI_USER_DAILY_TOKENS,
      companyDailyTokens: config.AI_COMPANY_DAILY_TOKENS,
      streamsPerUser: config.AI_USER_MAX_STREAMS,
    },
    deps.ledger ?? null,
    deps.slotLeases ?? null,
  );
  const standard = tierConfig(config, 'AI_STANDARD');
  const premium = tierConfig(config, 'AI_PREMIUM');
  const provider =
    standard || premium ? new OpenAiProvider({ tiers: { standard, premium }, ...overrides }) : null;
  const own: 'offline' | 'openai' = provider ? 'openai' : 'offline';
  const switchable = new SwitchableEngine(provider ? new ModelEngine(provider, cpu) : offline);
  let chosen: OpenAiProvider | null = null;
  const useTiers = (tiers: Partial<Record<ModelTier, TierConfig>> | null) => {
    chosen = tiers ? new OpenAiProvider({ tiers, ...overrides }) : null;
    switchable.use(chosen ? new ModelEngine(chosen, cpu) : null);
  };
  return {
    engine: new FairEngine(switchable, fair),
    get providerName() {
      return switchable.switched ? 'openai' : own;
    },
    ownProviderName: own,
    useTiers,
    chatProvider: () => chosen ?? provider,
    offline,
    provider,
    fair,
    close,
    prewarm,
  };
}

export type { AiEngine, ModelTier };
