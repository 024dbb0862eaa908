import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderRoute } from '../../router/testing.tsx';
import { fail, installFakeHttp, ok } from '../../api/testkit.ts';

afterEach(cleanup);
vi.setConfig({ testTimeout: 90_000 });

const WAIT = { timeout: 30_000 };

describe('404 page', () => {
  it('shows exactly "Page Not Found: {full path}" for an unknown path, with a 返回首页 button', async () => {
    const { router } = renderRoute('/no/such/page?x=1#frag');
    expect(await screen.findByText('Page Not Found: /no/such/page?x=1#frag', undefined, WAIT)).toBeTruthy();
    expect(document.title).toBe('页面不存在 - 标书 AI');
    await act(async () => {
      fireEvent.click(screen.getByText('返回首页').closest('button')!);
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), WAIT);
  });

  it('answers the excluded /base/material and unknown /more and /home children with the 404', async () => {
    for (const path of ['/base/material', '/more/nothing.html']) {
      renderRoute(path);
      expect(await screen.findByText(`Page Not Found: ${path}`, undefined, WAIT)).toBeTruthy();
      cleanup();
    }
    renderRoute('/home/nothing', { token: 't' });
    expect(await screen.findByText('Page Not Found: /home/nothing', undefined, WAIT)).toBeTruthy();
  });

  it('shows the route check failure of a missing article as the 404 page', async () => {
    // The content API answers 404 for a code it does not have (lists are empty).
    const fake = installFakeHttp((config) =>
      config.url?.includes('/content/client/detail') ? fail(404, '帮助文章不存在或已下线', 404) : ok([]),
    );
    try {
      renderRoute('/help/no-such-article.html?from=x');
      expect(
        await screen.findByText('Page Not Found: /help/no-such-article.html?from=x', undefined, WAIT),
      ).toBeTruthy();
      expect(fake.calls.some((c) => c.url?.includes('/content/client/detail'))).toBe(true);
    } finally {
      fake.restore();
    }
    cleanup();
    renderRoute('/dynamic/1.htm');
    expect(await screen.findByText('Page Not Found: /dynamic/1.htm', undefined, WAIT)).toBeTruthy();
  });
});
