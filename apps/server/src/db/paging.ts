import { sql, type SelectQueryBuilder } from 'kysely';

/** The window of one page of a list, newest first; ties go by id, so no page repeats or skips a row. */
export function newestPage<DB, TB extends keyof DB, O>(
  qb: SelectQueryBuilder<DB, TB, O>,
  table: string,
  q: { current: number; size: number },
): SelectQueryBuilder<DB, TB, O> {
  return qb
    .orderBy(sql.ref(`${table}.created_at`), 'desc')
    .orderBy(sql.ref(`${table}.id`), 'desc')
    .limit(q.size)
    .offset((q.current - 1) * q.size);
}
