import { createHash, randomBytes } from 'node:crypto';
import { newId } from '../../lib/ids.ts';
import type { SessionActor } from '../../policy/actor.ts';
import type { SessionRepo } from './repo.ts';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Sessions: opaque tokens of 256 random bits, stored only as SHA-256, with expiry and revocation. */
export class SessionService {
  constructor(
    private readonly repo: SessionRepo,
    private readonly ttlSeconds: number,
  ) {}

  async create(
    userId: string,
    tenantId: string,
    meta: { ip?: string; userAgent?: string } = {},
  ): Promise<{ token: string; expiresIn: number }> {
    const token = randomBytes(32).toString('base64url');
    const now = new Date();
    await this.repo.insert({
      id: newId(),
      token_hash: hashToken(token),
      user_id: userId,
      tenant_id: tenantId,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + this.ttlSeconds * 1000).toISOString(),
      revoked_at: null,
      last_seen_at: now.toISOString(),
      ip: meta.ip ?? null,
      user_agent: meta.userAgent?.slice(0, 500) ?? null,
    });
    return { token, expiresIn: this.ttlSeconds };
  }

  async resolve(token: string): Promise<SessionActor | null> {
    if (!token || token.length > 200) return null;
    const now = new Date();
    const row = await this.repo.findLive(hashToken(token), now.toISOString());
    if (!row || row.userStatus !== 'active') return null;
    // Touch at most once a minute so reads do not turn into writes on every request.
    if (now.getTime() - Date.parse(row.lastSeenAt) > 60_000)
      await this.repo.touch(row.sessionId, now.toISOString());
    return {
      sessionId: row.sessionId,
      userId: row.userId,
      tenantId: row.tenantId,
      role: row.role,
      isEmployee: row.isEmployee === 1,
    };
  }

  revoke(sessionId: string) {
    return this.repo.revoke(sessionId, new Date().toISOString());
  }

  revokeAllOfUser(userId: string) {
    return this.repo.revokeAllOfUser(userId, new Date().toISOString());
  }
}
