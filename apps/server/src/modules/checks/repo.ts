import type { Db } from '../../db/db.ts';

export interface CheckChapterRow {
  id: string;
  parent_id: string | null;
  title: string;
  sort_key: number;
  scoring_items: string | null;
  content: string | null;
}

/** What the bid checks read: the outline with content, the export template, the company's name. */
export class ChecksRepo {
  constructor(private readonly db: Db) {}

  chapters(bidId: string): Promise<CheckChapterRow[]> {
    return this.db
      .selectFrom('catalogs')
      .select(['id', 'parent_id', 'title', 'sort_key', 'scoring_items', 'content'])
      .where('bid_id', '=', bidId)
      .orderBy('sort_key')
      .orderBy('id')
      .execute();
  }

  async templateDefinition(id: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('export_templates')
      .select('definition')
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.definition ?? null;
  }

  /** The company's registered name, when the bid belongs to a company account (a leak in a 暗标 part). */
  async companyName(tenantId: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('tenants')
      .innerJoin('users', 'users.tenant_id', 'tenants.id')
      .select(['tenants.name'])
      .where('tenants.id', '=', tenantId)
      .where('users.role', 'in', ['company_admin', 'employee'])
      .executeTakeFirst();
    const name = row?.name?.trim();
    return name && name.length >= 4 ? name : null;
  }
}
