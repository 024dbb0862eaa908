import {
  KNOWLEDGE_LIMITS,
  KNOWLEDGE_MSG,
  factDataSchemas,
  type CompanyFact,
  type FactKind,
  type SaveFactInput,
} from '@bid/shared';
import { badRequest, notFound } from '../../http/errors.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import type { FactRow, KnowledgeRepo } from './repo.ts';
import type { Actor } from '../../policy/actor.ts';

/** A qualification lapsing within this many days shows as 'expiring'. */
const EXPIRING_DAYS = 90;

export function expiryOf(
  kind: string,
  data: Record<string, unknown>,
  today = new Date(),
): CompanyFact['expiry'] {
  if (kind !== 'qualification' || typeof data.validUntil !== 'string' || !data.validUntil) return null;
  const until = Date.parse(`${data.validUntil}T23:59:59Z`);
  if (Number.isNaN(until)) return null;
  if (until < today.getTime()) return 'expired';
  return until - today.getTime() < EXPIRING_DAYS * 86400_000 ? 'expiring' : 'valid';
}

export function presentFact(row: FactRow): CompanyFact {
  const data = JSON.parse(row.data) as Record<string, unknown>;
  return {
    id: row.id,
    kind: row.kind,
    data,
    expiry: expiryOf(row.kind, data),
    updateTime: row.updated_at,
  };
}

/** The company library: structured cards (资质, 人员, 业绩, 财务, 其他) shared by the whole tenant. */
export class CompanyLibrary {
  constructor(private readonly repo: KnowledgeRepo) {}

  async saveFact(actor: Actor, input: SaveFactInput): Promise<{ id: string }> {
    const parsed = factDataSchemas[input.kind].safeParse(input.data);
    if (!parsed.success) throw badRequest(parsed.error.issues[0].message);
    const data = JSON.stringify(parsed.data);
    const now = nowIso();
    if (input.id) {
      const r = await this.repo.updateFact(actor.tenantId, input.id, {
        kind: input.kind,
        data,
        updated_at: now,
      });
      if (Number(r.numUpdatedRows) === 0) throw notFound(KNOWLEDGE_MSG.factNotFound);
      return { id: input.id };
    }
    if ((await this.repo.countFacts(actor.tenantId)) >= KNOWLEDGE_LIMITS.maxFactsPerLibrary)
      throw badRequest(KNOWLEDGE_MSG.tooManyFacts);
    const id = newId();
    await this.repo.insertFact({
      id,
      tenant_id: actor.tenantId,
      user_id: actor.userId,
      kind: input.kind,
      data,
      created_at: now,
      updated_at: now,
    });
    return { id };
  }

  async listFacts(tenantId: string, kind?: FactKind): Promise<CompanyFact[]> {
    return (await this.repo.listFacts(tenantId, kind)).map(presentFact);
  }

  async removeFact(actor: Actor, id: string): Promise<null> {
    const r = await this.repo.removeFact(actor.tenantId, id);
    if (Number(r.numDeletedRows) === 0) throw notFound(KNOWLEDGE_MSG.factNotFound);
    return null;
  }
}
