import { useEffect, useLayoutEffect, useState } from 'react';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { useSession } from '../stores/session.ts';
import { CustomerService } from '../components/CustomerService.tsx';
import { LazyLoginDialog } from '../features/account/LazyLoginDialog.tsx';
import { decideGuard } from './guard.ts';
import { rememberLoginRedirect } from './loginRedirect.ts';
import { ScrollManager } from './ScrollManager.tsx';
import { formatTitle, type RouteHandle } from './title.ts';

/** document.title from the deepest route that names one; screens with data titles override it later. */
function useRouteTitle() {
  const matches = useMatches();
  const handle = [...matches]
    .reverse()
    .find((m) => (m.handle as RouteHandle | undefined)?.title !== undefined)?.handle as
    RouteHandle | undefined;
  const title = handle?.title;
  // A layout effect runs before the screens' passive effects, so usePageTitle in a screen wins.
  useLayoutEffect(() => {
    document.title = formatTitle(title);
  }, [title, matches]);
}

/** Set on the landing page's history entry when a deep link needed a login: the dialog opens at once. */
interface GuardState {
  askLogin?: boolean;
}

/** Stores where the visitor wanted to go, then sends them to the landing page with the login dialog open. */
function GuardRedirect({ remember, to }: { remember: string; to: string }) {
  // An idempotent storage write: safe in render, and done before Navigate's effect leaves the page.
  rememberLoginRedirect(remember);
  return <Navigate to={to} replace state={{ askLogin: true } satisfies GuardState} />;
}

/**
 * The root route: route guard (SPEC section 2), user info refresh on every navigation, scroll
 * behaviour, page title, and the customer-service entry present on every page.
 */
export function RootShell() {
  const location = useLocation();
  const token = useSession((s) => s.token);
  const fullPath = `${location.pathname}${location.search}${location.hash}`;
  const decision = decideGuard(fullPath, Boolean(token));
  // A logged-out deep link lands here with the dialog open; after login the dialog returns to the link.
  const [dismissed, setDismissed] = useState<string | null>(null);
  const askLogin =
    Boolean((location.state as GuardState | null)?.askLogin) && !token && dismissed !== location.key;
  useRouteTitle();

  useEffect(() => {
    if (!useSession.getState().token) return;
    // Never blocks rendering; a failure (network, missing endpoint) leaves the current user data in place.
    useSession
      .getState()
      .loadUserInfo()
      .catch(() => {});
  }, [location.key]);

  if (decision.kind === 'redirect') return <GuardRedirect remember={decision.remember} to={decision.to} />;

  return (
    <>
      <ScrollManager />
      <Outlet />
      <CustomerService />
      {askLogin ? <LazyLoginDialog open onClose={() => setDismissed(location.key)} /> : null}
    </>
  );
}
