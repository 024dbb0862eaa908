import { Code, DEFAULT_MSG, type Envelope } from '@bid/shared';

export function ok<T>(data: T, msg = DEFAULT_MSG[Code.OK]): Envelope<T> {
  return { code: Code.OK, success: true, msg, data };
}

export function fail(code: number, msg: string, data: unknown = null): Envelope<unknown> {
  return { code, success: false, msg, data };
}
