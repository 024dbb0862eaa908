import pino, { type Logger } from 'pino';

/** The fields of the one line logged per API call (http/delivery.ts), in their order on the line. */
export interface AccessLine {
  reqId: string;
  method: string;
  path: string;
  status: number;
  ms: number;
}

type Write = (line: AccessLine, level: 'info' | 'error', msg: string) => void;

const S = pino.symbols;
const METADATA = Symbol.for('pino.metadata');
const FIELDS: ReadonlyArray<keyof AccessLine> = ['reqId', 'method', 'path', 'status', 'ms'];

function isSink(x: unknown): x is { write(s: string): unknown } {
  return typeof x === 'object' && x !== null && 'write' in x && typeof x.write === 'function';
}

/**
 * Strings that go into a JSON line as they are, between quotes: printable ASCII without `"` or `\`.
 * pino writes such a string unchanged too; a line with any other string takes pino's own path.
 */
const PLAIN = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/**
 * Writes the per-call line as `log.info(line, msg)` / `log.error(line, msg)` would — the same text,
 * through the same secret scrubber (pino's streamWrite hook) to the same stream — without pino's
 * generic serialisation of an object of unknown shape (a loop over its keys, a type switch and an
 * escape scan per value), which under wrk was the larger part of the line's cost. The line is
 * assembled from the logger's own pieces (level prefix, time, bindings, line end). Where the logger
 * is set up in a way this does not reproduce (a mixin, formatters, serializers or stringifiers for
 * these fields, a nested key, a message prefix, a logMethod hook, a stream that wants metadata), or
 * a value would need escaping, the line goes through pino itself. http/access-log.test.ts compares
 * both paths.
 */
export function accessLogWriter(log: Logger): Write {
  const generic: Write = (line, level, msg) => log[level](line, msg);
  // pino's parts, under its public symbols (pino.symbols), which the Logger type does not declare.
  const part = (sym: symbol): unknown => Reflect.get(log, sym);
  const has = (sym: symbol, key: string | symbol): boolean => {
    const o = part(sym);
    return typeof o === 'object' && o !== null && Reflect.get(o, key) !== undefined;
  };
  const stream = part(S.streamSym);
  const lsCache = part(S.lsCacheSym);
  const time = part(S.timeSym);
  const streamWrite = Reflect.get(Object(part(S.hooksSym)), 'streamWrite');
  const scrub = typeof streamWrite === 'function' ? (s: string): string => streamWrite(s) : null;
  if (
    !isSink(stream) ||
    Reflect.get(stream, METADATA) === true ||
    typeof lsCache !== 'object' ||
    lsCache === null ||
    typeof time !== 'function' ||
    typeof part(S.chindingsSym) !== 'string' ||
    typeof part(S.endSym) !== 'string' ||
    part(S.mixinSym) ||
    has(S.formattersSym, 'log') ||
    part(S.nestedKeySym) ||
    part(Reflect.get(S, 'msgPrefixSym')) !== undefined ||
    part(S.messageKeySym) !== 'msg' ||
    has(S.hooksSym, 'logMethod') ||
    has(S.stringifiersSym, S.wildcardFirstSym) ||
    ['msg', ...FIELDS].some((f) => has(S.serializersSym, f) || has(S.stringifiersSym, f))
  )
    return generic;
  return (line, level, msg) => {
    if (!log.isLevelEnabled(level)) return;
    if (
      !PLAIN.test(line.reqId + line.method + line.path + msg) ||
      !Number.isFinite(line.status) ||
      !Number.isFinite(line.ms)
    )
      return generic(line, level, msg);
    // The bindings and the line end read per line, as pino does (setBindings may change them).
    const s =
      String(Reflect.get(lsCache, log.levels.values[level])) +
      String(time()) +
      String(part(S.chindingsSym)) +
      `,"reqId":"${line.reqId}","method":"${line.method}","path":"${line.path}","status":${line.status},"ms":${line.ms},"msg":"${msg}"` +
      String(part(S.endSym));
    stream.write(scrub ? scrub(s) : s);
  };
}
