import { notFound } from '../http/errors.ts';
import { newId } from '../lib/ids.ts';

/**
 * Saves a console form: with an id, an edit of that row (404 with `missing` when there is none);
 * without, a new row under a new id. Answers the id.
 */
export async function saveById(
  id: string | undefined,
  edit: (id: string) => Promise<{ numUpdatedRows: bigint }>,
  create: (id: string) => Promise<unknown>,
  missing: string,
): Promise<string> {
  if (id) {
    const res = await edit(id);
    if (Number(res.numUpdatedRows) === 0) throw notFound(missing);
    return id;
  }
  const fresh = newId();
  await create(fresh);
  return fresh;
}
