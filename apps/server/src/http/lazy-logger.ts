import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, LevelWithSilentOrString, LogFn } from 'pino';

type Log = (...args: unknown[]) => void;

/**
 * The request's logger (`req.log`), made only when something logs through it. Fastify makes a child
 * logger with the request id for every request (pino's `child`: ~1 µs, its bindings serialised),
 * and most requests never use it: the per-call line is written through the root logger with the id
 * (http/delivery.ts). An error, a warning of Fastify's or a module's `req.log.info` makes the real
 * child on first use, so those lines read exactly as before.
 */
class LazyChildLogger implements FastifyBaseLogger {
  // (Defined on the prototype below, from LEVELS.)
  declare fatal: LogFn;
  declare error: LogFn;
  declare warn: LogFn;
  declare info: LogFn;
  declare debug: LogFn;
  declare trace: LogFn;
  declare silent: LogFn;
  #real: FastifyBaseLogger | null = null;
  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  realLogger(): FastifyBaseLogger {
    return (this.#real ??= this.parent.child(this.bindings, this.options));
  }

  get level(): LevelWithSilentOrString {
    return this.#real ? this.#real.level : this.parent.level;
  }
  set level(value: LevelWithSilentOrString) {
    this.realLogger().level = value;
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.realLogger().child(bindings, options);
  }
}

// The level methods, on the prototype rather than as arrow fields: a logger per request must not
// cost seven closures. Each makes the real child on first use and passes its arguments on.
const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
for (const level of LEVELS)
  Object.defineProperty(LazyChildLogger.prototype, level, {
    value(this: LazyChildLogger, ...args: unknown[]): void {
      (this.realLogger()[level] as Log)(...args);
    },
  });

/** Fastify's `childLoggerFactory`: the request's logger, made on first use. */
export function lazyChildLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new LazyChildLogger(logger, bindings, options);
}
