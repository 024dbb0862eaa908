import { Code, DEFAULT_MSG, type Envelope } from '@bid/shared';

export function ok<T>(data: T, msg = DEFAULT_MSG[Code.OK]): Envelope<T> {
  return { code: Code.OK, success: true, msg, data };
}

/** A failure; `requestId` is the request's id (API.md "Request ids"), given wherever one exists. */
export function fail(code: number, msg: string, data: unknown = null, requestId?: string): Envelope<unknown> {
  return requestId === undefined
    ? { code, success: false, msg, data }
    : { code, success: false, msg, data, requestId };
}
