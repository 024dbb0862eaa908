import { createHash, randomBytes } from 'node:crypto';
import {
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import { newId } from '../../lib/ids.ts';
import type { SessionActor } from '../../policy/actor.ts';
import type { SessionRepo } from './repo.ts';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

interface CachedSession {
  actor: SessionActor;
  /** The session's own end (ms): a cached session never outlives it. */
  expiresAt: number;
  lastSeenAt: number;
  /** When this entry must be read from the database again (ms). */
  until: number;
}

/** Sessions held in memory at most; past it the oldest entry goes (Map keeps insertion order). */
const CACHE_ENTRIES = 10_000;

/**
 * Sessions: opaque tokens of 256 random bits, stored only as SHA-256, with expiry and revocation.
 * A resolved session is kept in memory for `cacheMs` (API calls of a signed-in page come in bursts;
 * looking the session up was one query of every call). Logout and revocation through this service
 * drop the entry at once, and so does any write to the users or sessions tables made through the
 * database handle the app hands out (see `invalidator`): a role, a company, a disabled account
 * take effect on the next call. Another server instance sharing the database sees them within
 * `cacheMs` (there is no shared message bus between instances yet).
 */
export class SessionService {
  private readonly cache = new Map<string, CachedSession>();

  constructor(
    private readonly repo: SessionRepo,
    private readonly ttlSeconds: number,
    private readonly cacheMs = 0,
  ) {}

  /** Forgets every cached session (after a change to users or sessions). */
  forgetAll(): void {
    this.cache.clear();
  }

  /**
   * A Kysely plugin for the app's database handle: after any update or delete of `users` or
   * `sessions` (and inserts into them, which do not matter but cost nothing) the cache is emptied.
   * After the statement ran, so that a call resolving meanwhile cannot cache the row as it was.
   */
  invalidator(): KyselyPlugin {
    const touched = new WeakSet<object>();
    const tables = new Set(['users', 'sessions']);
    return {
      transformQuery: (args: PluginTransformQueryArgs): RootOperationNode => {
        const n = args.node;
        const target =
          n.kind === 'UpdateQueryNode'
            ? n.table
            : n.kind === 'DeleteQueryNode'
              ? n.from.froms[0]
              : n.kind === 'InsertQueryNode'
                ? n.into
                : undefined;
        if (target && tables.has(tableName(target))) touched.add(args.queryId);
        return n;
      },
      transformResult: async (args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> => {
        if (touched.has(args.queryId)) this.forgetAll();
        return args.result;
      },
    };
  }

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

  /** The session when it is in the cache and its last-seen time is fresh (no database call); else null. */
  cached(token: string): SessionActor | null {
    if (!this.cacheMs || !token || token.length > 200) return null;
    const hit = this.cache.get(hashToken(token));
    const now = Date.now();
    return hit && hit.until > now && hit.expiresAt > now && now - hit.lastSeenAt <= 60_000 ? hit.actor : null;
  }

  async resolve(token: string): Promise<SessionActor | null> {
    if (!token || token.length > 200) return null;
    const now = Date.now();
    const hash = hashToken(token);
    const hit = this.cache.get(hash);
    if (hit && hit.until > now && hit.expiresAt > now) {
      await this.touchIfStale(hit, now);
      return hit.actor;
    }
    if (hit) this.cache.delete(hash);
    const row = await this.repo.findLive(hash, new Date(now).toISOString());
    if (!row || row.userStatus !== 'active') return null;
    const entry: CachedSession = {
      actor: {
        sessionId: row.sessionId,
        userId: row.userId,
        tenantId: row.tenantId,
        role: row.role,
        isEmployee: row.isEmployee === 1,
      },
      expiresAt: Date.parse(row.expiresAt),
      lastSeenAt: Date.parse(row.lastSeenAt),
      until: now + this.cacheMs,
    };
    await this.touchIfStale(entry, now);
    if (this.cacheMs > 0) {
      if (this.cache.size >= CACHE_ENTRIES) this.cache.delete(this.cache.keys().next().value!);
      this.cache.set(hash, entry);
    }
    return entry.actor;
  }

  /** Touch at most once a minute so reads do not turn into writes on every request. */
  private async touchIfStale(s: CachedSession, now: number): Promise<void> {
    if (now - s.lastSeenAt <= 60_000) return;
    s.lastSeenAt = now;
    await this.repo.touch(s.actor.sessionId, new Date(now).toISOString());
  }

  async revoke(sessionId: string) {
    const r = await this.repo.revoke(sessionId, new Date().toISOString());
    this.forgetAll();
    return r;
  }

  async revokeAllOfUser(userId: string) {
    const r = await this.repo.revokeAllOfUser(userId, new Date().toISOString());
    this.forgetAll();
    return r;
  }
}

/** The table an update, delete or insert names (`schema.table` or an alias of it). */
function tableName(node: object): string {
  const n = node as { kind: string; table?: { identifier?: { name?: string } }; node?: object };
  if (n.kind === 'TableNode') return n.table?.identifier?.name ?? '';
  if (n.kind === 'AliasNode' && n.node) return tableName(n.node);
  return '';
}
