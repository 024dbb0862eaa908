import { useQuery } from '@tanstack/react-query';
import { useLocation, useParams } from 'react-router';
import { CONTENT_LIMITS, type ContentDetail, type ContentKind } from '@bid/shared';
import { isApiError } from '../../api/errors.ts';
import { checkRoute } from '../../utils/routeCheck.ts';
import { contentQueries } from '../../features/content/api.ts';
import { htmlParam } from './articlePath.ts';

const CODE_RE = new RegExp(`^[a-z0-9-]{1,${CONTENT_LIMITS.code}}$`);

export interface PublicItem {
  item: ContentDetail | undefined;
  /** Loading failed for another reason than "no such item" (network, server): offer a retry. */
  failed: boolean;
  retry: () => void;
}

/**
 * For `/dynamic/{code}.html`, `/help/{code}.html`, `/question/{code}.html`: the published item, or the
 * route check's 404 (`Page Not Found: {full path}`) when the form is wrong or the server has no such
 * published item.
 */
export function usePublicItem(kind: ContentKind): PublicItem {
  const { file } = useParams();
  const location = useLocation();
  const param = htmlParam(file);
  // Codes (and ids) are [a-z0-9-]: anything else cannot exist, so it is a 404 without asking.
  const code = param !== null && CODE_RE.test(param) ? param : null;
  const query = useQuery({ ...contentQueries.detail(kind, code ?? ''), enabled: code !== null });
  const missing = code === null || (isApiError(query.error) && query.error.code === 404);
  checkRoute(!missing, `${location.pathname}${location.search}${location.hash}`);
  return { item: query.data, failed: query.isError, retry: () => void query.refetch() };
}
