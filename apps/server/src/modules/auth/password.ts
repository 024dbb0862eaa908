import { hash, verify, type Options } from '@node-rs/argon2';

/**
 * Passwords arrive as the client's lowercase hex MD5 (SPEC section 5) and are stored as argon2id of
 * that MD5 with a random salt per hash (inside the PHC string): the MD5 itself is never stored.
 * Parameters: OWASP's argon2id minimum (19 MiB, 2 passes, 1 lane).
 */
const OPTIONS: Options = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(md5: string): Promise<string> {
  return hash(md5, OPTIONS);
}

let dummy: Promise<string> | null = null;

/** Verifies; with no stored hash, spends the same time on a dummy so that timing does not reveal which accounts exist. */
export async function verifyPassword(stored: string | null | undefined, md5: string): Promise<boolean> {
  if (!stored) {
    dummy ??= hash('00000000000000000000000000000000', OPTIONS);
    await verify(await dummy, md5).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, md5);
  } catch {
    return false;
  }
}
