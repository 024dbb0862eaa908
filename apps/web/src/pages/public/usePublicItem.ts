import { useLocation, useParams } from 'react-router';
import { checkRoute } from '../../utils/routeCheck.ts';
import { htmlParam } from './content.ts';

/**
 * For `/dynamic/{id}.html`, `/help/{code}.html`, `/question/{id}.html`: the item, or the route check's
 * 404 (`Page Not Found: {full path}`) when the form is wrong or nothing has that id.
 */
export function usePublicItem<T>(find: (id: string) => T | undefined): T {
  const { file } = useParams();
  const location = useLocation();
  const id = htmlParam(file);
  const item = id === null ? undefined : find(id);
  checkRoute(item !== undefined, `${location.pathname}${location.search}${location.hash}`);
  return item as T;
}
