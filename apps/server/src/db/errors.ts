import { errorMessage, errorText } from '../lib/unknown.ts';

/** A unique-constraint violation on SQLite or PostgreSQL (two requests creating the same row). */
export function isUniqueViolation(err: unknown): boolean {
  if (!err) return false;
  const code = errorText(err, 'code');
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    /UNIQUE constraint failed/i.test(errorMessage(err))
  );
}
