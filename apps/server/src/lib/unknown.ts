/**
 * Reading values of unknown shape (what was thrown, a parsed body) without assuming it: a library may
 * throw an Error, a string or a plain object, so each property is checked before it is read.
 */

/** Whether a value is a non-null, non-array object whose properties can be looked up by name. */
export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The message of a thrown value; what was thrown, as text, when it is not an Error. */
export function errorMessage(e: unknown): string {
  if (e instanceof Error) return e.message;
  if (isRecord(e) && typeof e.message === 'string') return e.message;
  return String(e);
}

/** A string property of a thrown value (`code` of Node's and the drivers' errors, `name`), if it has one. */
export function errorText(e: unknown, key: 'code' | 'name'): string | undefined {
  if (typeof e !== 'object' || e === null) return undefined;
  const v: unknown = Reflect.get(e, key);
  return typeof v === 'string' ? v : undefined;
}

/** The HTTP status a thrown value carries (Fastify's and its plugins' errors set `statusCode`). */
export function errorStatus(e: unknown): number | undefined {
  if (typeof e !== 'object' || e === null) return undefined;
  const v: unknown = Reflect.get(e, 'statusCode');
  return typeof v === 'number' ? v : undefined;
}
