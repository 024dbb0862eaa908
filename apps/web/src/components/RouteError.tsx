import { useRouteError } from 'react-router';
import NotFoundPage from '../pages/errors/NotFoundPage.tsx';
import ErrorPage from '../pages/errors/ErrorPage.tsx';
import { isNotFoundError } from '../router/errors.ts';

/**
 * errorElement of the routes: a 404 (route check, missing article) shows the not-found page, anything
 * else the generic error page. Logging happens once in RouterProvider's onError (main.tsx).
 */
export function RouteError() {
  const error = useRouteError();
  return isNotFoundError(error) ? <NotFoundPage /> : <ErrorPage error={error} />;
}
