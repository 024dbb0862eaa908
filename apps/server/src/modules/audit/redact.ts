import { isRecord } from '../../lib/unknown.ts';

/** Keys whose values never reach the audit log (keys, passwords, tokens, certificates). */
const SECRET_KEY = /key|secret|password|passwd|pwd|token|cert|credential|private|signature/i;
/** Which body fields name the thing an action is about, in order of preference. */
const TARGET_KEYS = ['id', 'userId', 'orderId', 'packageId', 'couponId', 'tenantId', 'code'] as const;
const MAX_STRING = 200;
const MAX_ITEMS = 20;
const MAX_DEPTH = 4;
export const MAX_SUMMARY = 2000;

function redactValue(value: unknown, depth: number): unknown {
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'string')
    return value.length > MAX_STRING ? `${value.slice(0, MAX_STRING)}…(${value.length} 字)` : value;
  if (Buffer.isBuffer(value) || value instanceof Uint8Array) return `[文件 ${value.byteLength} 字节]`;
  if (depth >= MAX_DEPTH) return '[…]';
  if (Array.isArray(value)) {
    const items = value.slice(0, MAX_ITEMS).map((v) => redactValue(v, depth + 1));
    return value.length > MAX_ITEMS ? [...items, `…共 ${value.length} 项`] : items;
  }
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      out[k] = SECRET_KEY.test(k) ? '***' : redactValue(v, depth + 1);
    }
    return out;
  }
  return `[${typeof value}]`;
}

/**
 * What the audit log keeps of a request body: JSON with secret-looking keys masked, long strings and
 * arrays cut, file bytes replaced by their size, the whole capped at MAX_SUMMARY characters.
 */
export function auditSummary(body: unknown): string {
  if (body === undefined || body === null || body === '') return '';
  const json = JSON.stringify(redactValue(body, 0)) ?? '';
  return json.length > MAX_SUMMARY ? `${json.slice(0, MAX_SUMMARY - 1)}…` : json;
}

/** The id a body names, when it names one (first of id, userId, orderId, ...). */
export function auditTarget(body: unknown): string | null {
  if (!isRecord(body)) return null;
  for (const k of TARGET_KEYS) {
    const v = body[k];
    if (typeof v === 'string' && v) return v.slice(0, 100);
    if (typeof v === 'number') return String(v);
  }
  return null;
}
