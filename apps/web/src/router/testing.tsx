import { render, waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { userInfoSchema, type UserInfo } from '@bid/shared';
import { App } from '../App.tsx';
import { createQueryClient } from '../api/queryClient.ts';
import { useSession } from '../stores/session.ts';
import { CLIENT_CONFIG_KEY, FALLBACK_CLIENT_CONFIG } from '../components/useClientConfig.ts';
import { routes } from './routes.tsx';
import { reportCaughtError } from './errors.ts';

/** Test helper (used by *.test.tsx only): the real route table in a memory router with a chosen session. */
export interface RenderRouteOptions {
  token?: string | null;
  user?: Partial<UserInfo> | null;
  /** Replaces the session's loadUserInfo (no network in unit tests). */
  loadUserInfo?: () => Promise<UserInfo | null>;
  userAgent?: string;
  /** Query cache entries to start with (the answers a screen would otherwise fetch). */
  queryData?: Array<[readonly unknown[], unknown]>;
}

export function testUser(overrides: Partial<UserInfo> = {}): UserInfo {
  return userInfoSchema.parse({
    id: 'u1',
    account: '13800001234',
    tenantId: 't1',
    temporaryBidNumber: 1,
    ...overrides,
  });
}

export function renderRoute(path: string, opts: RenderRouteOptions = {}) {
  const token = opts.token ?? null;
  const user = opts.user === undefined ? (token ? testUser() : null) : opts.user ? testUser(opts.user) : null;
  const company = user?.isEmployee === 1;
  useSession.setState({
    token,
    user,
    company,
    companyName: company ? (user?.name ?? '') : '',
    loaded: Boolean(user),
    loadUserInfo: opts.loadUserInfo ?? (async () => user),
  });
  const queryClient = createQueryClient();
  queryClient.setQueryData(CLIENT_CONFIG_KEY, FALLBACK_CLIENT_CONFIG);
  for (const [key, data] of opts.queryData ?? []) queryClient.setQueryData(key, data);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <App router={router} queryClient={queryClient} userAgent={opts.userAgent ?? 'Mozilla/5.0 jsdom'} />,
    {
      onCaughtError: reportCaughtError,
    },
  );
  return { ...result, router, queryClient };
}

/**
 * Waits for a heading with this text. Plain DOM queries on purpose: role queries compute accessible
 * names for the whole antd tree and take seconds per call in jsdom.
 */
export async function waitForHeading(
  level: number,
  name: string | RegExp,
  timeout = 30_000,
): Promise<HTMLElement> {
  let found: HTMLElement | undefined;
  await waitFor(
    () => {
      const text = (el: Element) => (el.textContent ?? '').replace(/\s+/g, ' ').trim();
      found = [...document.querySelectorAll<HTMLElement>(`h${level}`)].find((el) =>
        typeof name === 'string' ? text(el) === name : name.test(text(el)),
      );
      if (!found) throw new Error(`no h${level} "${String(name)}" yet`);
    },
    { timeout },
  );
  return found!;
}
