import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, LevelWithSilentOrString } from 'pino';

type Log = (...args: unknown[]) => void;

/**
 * The request's logger (`req.log`), made only when something logs through it. Fastify makes a child
 * logger with the request id for every request (pino's `child`: ~1 µs, its bindings serialised),
 * and most requests never use it: the per-call line is written through the root logger with the id
 * (http/delivery.ts). An error, a warning of Fastify's or a module's `req.log.info` makes the real
 * child on first use, so those lines read exactly as before.
 */
class LazyChildLogger {
  #real: FastifyBaseLogger | null = null;
  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private get real(): FastifyBaseLogger {
    return (this.#real ??= this.parent.child(this.bindings, this.options));
  }

  get level(): LevelWithSilentOrString {
    return this.#real ? this.#real.level : this.parent.level;
  }
  set level(value: LevelWithSilentOrString) {
    this.real.level = value;
  }

  // Methods on the prototype, not arrow fields: a logger per request must not cost seven closures.
  fatal(...args: unknown[]): void {
    (this.real.fatal as Log)(...args);
  }
  error(...args: unknown[]): void {
    (this.real.error as Log)(...args);
  }
  warn(...args: unknown[]): void {
    (this.real.warn as Log)(...args);
  }
  info(...args: unknown[]): void {
    (this.real.info as Log)(...args);
  }
  debug(...args: unknown[]): void {
    (this.real.debug as Log)(...args);
  }
  trace(...args: unknown[]): void {
    (this.real.trace as Log)(...args);
  }
  silent(...args: unknown[]): void {
    (this.real.silent as Log)(...args);
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real.child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: the request's logger, made on first use. */
export function lazyChildLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  // Typed as Fastify's logger: the methods take what pino's overloads take and pass it on as it is.
  return new LazyChildLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
}
