import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { LOGIN_REDIRECT_KEY } from '@bid/shared';
import { installFakeHttp, ok } from '../api/testkit.ts';
import { createQueryClient } from '../api/queryClient.ts';
import { duplicateGuard } from '../api/request.ts';
import { reloadTo } from '../lib/navigation.ts';
import { rememberLoginRedirect } from '../router/loginRedirect.ts';
import { testUser } from '../router/testing.tsx';
import { useSession } from '../stores/session.ts';
import { UserMenu } from './UserMenu.tsx';

vi.mock('../lib/navigation.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../lib/navigation.ts')>()),
  reloadTo: vi.fn(),
}));

/** The menu asks for the unread feedback count, so it needs a query client. */
function withQueries(ui: React.ReactNode) {
  return <QueryClientProvider client={createQueryClient()}>{ui}</QueryClientProvider>;
}

describe('user menu', () => {
  let fake: ReturnType<typeof installFakeHttp>;

  beforeEach(() => {
    duplicateGuard.clear();
    sessionStorage.clear();
    fake = installFakeHttp(() => ok(null));
    useSession.setState({ token: 'tk-menu', user: testUser({ account: '13800001234' }), loaded: true });
  });

  afterEach(() => {
    cleanup();
    fake.restore();
    vi.mocked(reloadTo).mockClear();
  });

  it('shows the masked account', () => {
    render(
      withQueries(
        <MemoryRouter>
          <UserMenu />
        </MemoryRouter>,
      ),
    );
    expect(screen.getByTestId('user-account').textContent).toBe('138****1234');
  });

  it('logout revokes the token, forgets the page left behind and loads / afresh', async () => {
    render(
      withQueries(
        <MemoryRouter initialEntries={['/home/account']}>
          <UserMenu />
        </MemoryRouter>,
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: '账号菜单' }));
    // What the route guard does when the token disappears under a protected page.
    rememberLoginRedirect('/home/account');
    fireEvent.click(await screen.findByText('退出登录'));

    await waitFor(() => expect(reloadTo).toHaveBeenCalledWith('/'));
    expect(fake.calls.map((c) => c.url)).toContain('/blade-auth/oauth/logout');
    expect(useSession.getState().token).toBeNull();
    expect(sessionStorage.getItem(LOGIN_REDIRECT_KEY)).toBeNull();
  });
});
