import type { ReactElement } from 'react';
import { afterEach, beforeEach } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { InternalAxiosRequestConfig } from 'axios';
import { fail, installFakeHttp, recordFeedback, type FakeHandler } from '../api/testkit.ts';

/**
 * The harness of a component test against a fake API: each test gets a fresh fake HTTP layer that
 * answers by path (the routes given, 404 for any other) and a fresh recorder of what the user is
 * shown; both are removed, with the rendered tree, after the test. Several screens' tests need the
 * same set-up; one copy keeps them from drifting apart.
 */

/** A request's path as the endpoint table writes it (without the `/api` the axios instance adds). */
export const apiPath = (c: InternalAxiosRequestConfig) => (c.url ?? '').replace(/^\/api/, '');

export interface FakeApi {
  /** The requests sent to `path` in this test, in order, with their JSON bodies. */
  sent(path: string): unknown[];
  /** Every request of this test. */
  readonly calls: InternalAxiosRequestConfig[];
  /** What the user was shown in this test (toasts, notifications, dialogs). */
  readonly feedback: ReturnType<typeof recordFeedback>;
}

/** Registers the fake API for every test of the file (call it at the top level of the test file). */
export function fakeApi(routes: Record<string, FakeHandler>): FakeApi {
  let http: ReturnType<typeof installFakeHttp> | undefined;
  let feedback: ReturnType<typeof recordFeedback> | undefined;
  beforeEach(() => {
    feedback = recordFeedback();
    http = installFakeHttp((c) => routes[apiPath(c)]?.(c) ?? fail(404, 'not found', 404));
  });
  afterEach(() => {
    cleanup();
    http?.restore();
    feedback?.undo();
  });
  return {
    sent: (path) => http!.calls.filter((c) => apiPath(c) === path).map((c) => JSON.parse(String(c.data))),
    get calls() {
      return http!.calls;
    },
    get feedback() {
      return feedback!;
    },
  };
}

/** Renders `ui` with a query client of its own that does not retry (a fake refusal is final). */
export function renderWithQueries(ui: ReactElement) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={qc}>{ui}</QueryClientProvider>);
}
