import type { Kysely } from 'kysely';

/**
 * Operators' replies to feedback: who replied, and when the user saw the reply (the unread badge).
 * The console lists unreplied feedback first, hence the index on reply_at.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('feedbacks').addColumn('replied_by', 'text').execute();
  await db.schema.alterTable('feedbacks').addColumn('reply_read_at', 'text').execute();
  await db.schema
    .createIndex('feedbacks_reply_idx')
    .on('feedbacks')
    .columns(['reply_at', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('feedbacks_reply_idx').execute();
  await db.schema.alterTable('feedbacks').dropColumn('reply_read_at').execute();
  await db.schema.alterTable('feedbacks').dropColumn('replied_by').execute();
}
