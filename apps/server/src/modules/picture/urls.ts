import { pathOf, type endpoints } from '@bid/shared';

/** Where the browser loads a picture (`<img src>` in chapters): the row's path under /api. */
export function pictureUrl(endpoint: typeof endpoints.pictureFile, id: string): string {
  return `/api${pathOf(endpoint, { id })}`;
}
