import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { createRequire } from 'node:module';
import { AUTH_LIMITS } from '@bid/shared';
import type { Clock } from '../../http/rate-limit.ts';
import { iso, randomSecret, SweepEvery } from '../auth/util.ts';
import { CaptchaRepo } from './repo.ts';
import type { Db } from '../../db/db.ts';

export interface CaptchaChallenge {
  text: string;
  svg: string;
}

/** Makes the text and picture of a challenge. Tests may supply their own (never over HTTP). */
export type CaptchaGenerator = () => CaptchaChallenge;

// The package's call signature (text -> SVG) is missing from its type declarations.
const renderCaptcha = createRequire(import.meta.url)('svg-captcha') as (
  text: string,
  opts: Record<string, unknown>,
) => string;

// No look-alikes: 0/O/o, 1/I/l/i, 2/Z/z, 5/S/s, 9/g/q.
const ALPHABET = 'ABCDEFGHJKMNPQRTUVWXYabcdefhjkmnprtuvwxy34678';

function render(text: string): string {
  return renderCaptcha(text, {
    width: 120,
    height: 40,
    fontSize: 44,
    noise: 2,
    color: true,
    background: '#f4f6fb',
  });
}

/** Random text from crypto.randomInt (svg-captcha's own text uses Math.random). */
export const randomCaptchaGenerator: CaptchaGenerator = () => {
  let text = '';
  for (let i = 0; i < 4; i += 1) text += ALPHABET[randomInt(ALPHABET.length)];
  return { text, svg: render(text) };
};

/** A fixed text for automated tests only (CAPTCHA_TEST_TEXT, refused by config outside NODE_ENV=test). */
export function fixedCaptchaGenerator(text: string): CaptchaGenerator {
  return () => ({ text, svg: render(text) });
}

/**
 * Image captchas: stored only as a keyed hash of the lower-cased answer, single use (any check
 * uses it up, right or wrong), 5 minutes, case-insensitive.
 */
export class CaptchaService {
  private readonly housekeeping = new SweepEvery(200);

  private readonly repo: CaptchaRepo;

  constructor(
    db: Db,
    private readonly clock: Clock,
    private readonly pepper: string,
    public generator: CaptchaGenerator,
  ) {
    this.repo = new CaptchaRepo(db);
  }

  private hash(key: string, answer: string): string {
    return createHmac('sha256', this.pepper).update(`${key}\n${answer.trim().toLowerCase()}`).digest('hex');
  }

  async create(): Promise<{ key: string; image: string; expiresIn: number }> {
    const { text, svg } = this.generator();
    const key = randomSecret(18);
    const now = this.clock.now();
    await this.repo.insert({
      id: key,
      answer_hash: this.hash(key, text),
      created_at: iso(now),
      expires_at: iso(now + AUTH_LIMITS.captchaTtlSeconds * 1000),
    });
    await this.housekeeping.after(() => this.repo.deleteExpired(iso(now)));
    return {
      key,
      image: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
      expiresIn: AUTH_LIMITS.captchaTtlSeconds,
    };
  }

  /** true when the answer is right and the captcha was live; the captcha is gone afterwards either way. */
  async verify(key: string | undefined, answer: string | undefined): Promise<boolean> {
    if (!key || !answer || key.length > 64 || answer.length > 16) {
      if (key && key.length <= 64) await this.repo.take(key);
      return false;
    }
    const row = await this.repo.take(key);
    if (!row) return false;
    if (Date.parse(row.expires_at) <= this.clock.now()) return false;
    const a = Buffer.from(row.answer_hash, 'hex');
    const b = Buffer.from(this.hash(key, answer), 'hex');
    return a.length === b.length && timingSafeEqual(a, b);
  }
}
