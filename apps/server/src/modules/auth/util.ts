import { createHash, randomBytes, randomInt } from 'node:crypto';
import { tooMany } from '../../http/errors.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';

/** "45 秒", "3 分钟", "2 小时": the wait in a 429 message, rounded up. */
export function formatWait(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 120) return `${s} 秒`;
  if (s < 3600) return `${Math.ceil(s / 60)} 分钟`;
  return `${Math.ceil(s / 3600)} 小时`;
}

/** Counts one hit and answers 429 (with Retry-After) over the limit: `${what}过于频繁，请 … 后再试`. */
export async function enforceLimit(
  limiter: RateLimiter,
  key: string,
  limit: number,
  windowSeconds: number,
  what: string,
): Promise<void> {
  const r = await limiter.hit(key, limit, windowSeconds);
  if (!r.allowed)
    throw tooMany(`${what}过于频繁，请 ${formatWait(r.retryAfterSeconds)}后再试`, r.retryAfterSeconds);
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A random opaque secret (tickets, scene codes): `bytes` random bytes as base64url. */
export function randomSecret(bytes = 24): string {
  return randomBytes(bytes).toString('base64url');
}

/** The invite code a user hands out: 8 characters without look-alikes (0/O, 1/I/L). */
export function newInviteCode(): string {
  const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
  let out = '';
  for (let i = 0; i < 8; i += 1) out += alphabet[randomInt(alphabet.length)];
  return out;
}

export const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Housekeeping for a table of short-lived rows (captchas, QR scenes): every `every`-th new row
 * also deletes the expired ones, so the table stays small without a timer.
 */
export class SweepEvery {
  private count = 0;

  constructor(private readonly every: number) {}

  async after(sweep: () => Promise<unknown>): Promise<void> {
    this.count += 1;
    if (this.count % this.every === 0) await sweep();
  }
}
