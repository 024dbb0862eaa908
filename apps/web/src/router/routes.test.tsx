import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { matchRoutes } from 'react-router';
import { HOME_CHILDREN, isKnownWebRoute, LOGIN_REDIRECT_KEY, MORE_PAGES, MSG } from '@bid/shared';
import { routes } from './routes.tsx';
import { renderRoute, waitForHeading } from './testing.tsx';
import { HOME_TITLES, MORE_TITLES } from './table.ts';
import { formatTitle, HOME_TITLE } from './title.ts';
import { TEST_CONTENT, testContentQueryData } from '../features/content/testing.ts';

const WAIT = { timeout: 30_000 };

beforeEach(() => {
  sessionStorage.clear();
  // jsdom has no layout: give elements the method the scroll behaviour calls.
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(cleanup);
// Whole screens render in jsdom here; the first one also loads antd.
vi.setConfig({ testTimeout: 90_000 });

async function expectTitle(title: string) {
  await waitFor(() => expect(document.title).toBe(title), WAIT);
}

/** Text of the page without the shell: at least a sentence of real content. */
function mainText(): string {
  const main = document.querySelector('.bs-shell__content, .bs-public-main');
  return (main?.textContent ?? '').replace(/\s+/g, '');
}

describe('every /home screen', () => {
  for (const child of HOME_CHILDREN) {
    const path = child ? `/home/${child}` : '/home';
    it(`${path} has its title and content`, async () => {
      renderRoute(path, { token: 'token' });
      const title = HOME_TITLES[child];
      await expectTitle(formatTitle(title));
      // Screens are replaced by their domains over time: ask for real content, not a particular markup.
      await waitFor(() => expect(mainText().length).toBeGreaterThan(10), WAIT);
      expect(mainText()).not.toMatch(/lorem/i);
    });
  }
});

describe('every /more page', () => {
  for (const p of MORE_PAGES) {
    it(`/more/${p} has its title and content`, async () => {
      renderRoute(`/more/${p}`, { queryData: testContentQueryData() });
      await waitForHeading(1, MORE_TITLES[p]);
      await expectTitle(formatTitle(MORE_TITLES[p]));
      expect(mainText().length).toBeGreaterThan(60);
    });
  }
});

describe('public pages', () => {
  it('/ is the landing page with the hero, the three steps and the footer', async () => {
    renderRoute('/');
    const h1 = await waitForHeading(1, /./);
    expect(h1.textContent?.replace(/\s+/g, ' ')).toContain('标书 AI · 智能投标文件写作');
    const h3 = [...document.querySelectorAll('h3')].map((h) => h.textContent);
    for (const step of ['解析招标文件', 'AI 生成大纲与正文', '导出 Word']) expect(h3).toContain(step);
    expect(screen.getByTestId('footer-company').textContent).toContain('标书 AI');
    await expectTitle(HOME_TITLE);
  });

  const cases: Array<[string, string, string | RegExp]> = [
    ['/demo', '产品演示', '产品演示'],
    ['/sse', '实时写作', /实时写作/],
    ['/pop', '新用户专享', /完整标书/],
    ['/search.html?q=导出', '搜索', '搜索帮助与动态'],
    ['/help/getting-started.html', '五分钟上手标书 AI - 帮助中心', '五分钟上手标书 AI'],
    ['/question/1.html', '生成的标书可以直接投标吗？ - 常见问题', '生成的标书可以直接投标吗？'],
    [
      `/dynamic/${TEST_CONTENT.news[0].code}.html`,
      `${TEST_CONTENT.news[0].title} - 产品动态`,
      TEST_CONTENT.news[0].title,
    ],
  ];
  for (const [path, title, h1] of cases) {
    it(`${path} renders with the title "${title}"`, async () => {
      renderRoute(path, { queryData: testContentQueryData() });
      await waitForHeading(1, h1);
      await expectTitle(formatTitle(title));
    });
  }

  it('search finds help, FAQ and news entries from the query in the URL', async () => {
    renderRoute('/search.html?q=导出', { queryData: testContentQueryData() });
    expect(await screen.findByText(/找到 \d+ 条与“导出”相关的内容/, undefined, WAIT)).toBeTruthy();
    const hit = document.querySelector('a[href="/help/export-word.html"]');
    expect(hit?.textContent).toContain('导出 Word 与排版模板');
    // The keyword the server located is marked.
    expect(hit?.querySelector('mark')?.textContent).toBe('导出');
  });

  it('/indexOld is a real page for logged-in users', async () => {
    renderRoute('/indexOld', { token: 'token' });
    await screen.findByText(/这是旧版首页/, undefined, WAIT);
    await expectTitle(formatTitle('首页（旧版）'));
  });
});

describe('route table and the server agree (isKnownWebRoute)', () => {
  const known = [
    '/',
    '/indexOld',
    '/demo',
    '/sse',
    '/pop',
    '/search.html',
    '/dynamic/12.html',
    '/help/outline.html',
    '/question/3.html',
    '/home',
    ...HOME_CHILDREN.filter(Boolean).map((c) => `/home/${c}`),
    ...MORE_PAGES.map((p) => `/more/${p}`),
  ];
  const unknown = [
    '/base/material',
    '/no/such/page',
    '/more',
    '/more/x.html',
    '/home/nothing',
    '/home/book/x',
    '/demo/x',
    '/help',
    '/sse/x',
  ];

  function matchedLeaf(path: string): string | undefined {
    const matches = matchRoutes(routes, path) ?? [];
    const leaf = matches[matches.length - 1]?.route;
    return leaf?.index ? '(index)' : leaf?.path;
  }

  it('every known path has a screen of its own', () => {
    for (const p of known) {
      expect(isKnownWebRoute(p), p).toBe(true);
      expect(matchedLeaf(p), p).not.toBe('*');
    }
  });

  it('every unknown path falls to the catch-all 404', () => {
    for (const p of unknown) {
      expect(isKnownWebRoute(p), p).toBe(false);
      expect(matchedLeaf(p), p).toBe('*');
    }
  });
});

describe('route guard', () => {
  it('sends a visitor without a token from /home/book to / and remembers the path', async () => {
    const { router } = renderRoute('/home/book?id=5#c2');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), WAIT);
    expect(sessionStorage.getItem(LOGIN_REDIRECT_KEY)).toBe('/home/book?id=5#c2');
    await waitForHeading(1, /./);
  });

  it('lets a visitor without a token open public pages', async () => {
    const { router } = renderRoute('/more/partner.html');
    await waitForHeading(1, '合作伙伴');
    expect(router.state.location.pathname).toBe('/more/partner.html');
    expect(sessionStorage.getItem(LOGIN_REDIRECT_KEY)).toBeNull();
  });

  it('refreshes the user on every navigation when logged in, without waiting for it', async () => {
    let calls = 0;
    // Never resolves: the screens must render anyway.
    const loadUserInfo = vi.fn(() => {
      calls += 1;
      return new Promise<never>(() => {});
    });
    const { router } = renderRoute('/home', { token: 'token', loadUserInfo });
    await waitForHeading(3, '工作台');
    expect(calls).toBe(1);
    await act(() => router.navigate('/home/book'));
    await waitForHeading(3, '我的标书');
    expect(calls).toBe(2);
    await act(() => router.navigate('/more/partner.html'));
    await waitForHeading(1, '合作伙伴');
    expect(calls).toBe(3);
  });

  it('does not ask for user info without a token', async () => {
    const loadUserInfo = vi.fn(async () => null);
    renderRoute('/demo', { loadUserInfo });
    await waitForHeading(1, '产品演示');
    expect(loadUserInfo).not.toHaveBeenCalled();
  });
});

describe('scroll behaviour', () => {
  it('scrolls to the top on a page change and to the hash target when there is one', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const { router } = renderRoute('/home', { token: 'token' });
    await waitForHeading(3, '工作台');
    scrollTo.mockClear();
    await act(() => router.navigate('/home/book'));
    await waitForHeading(3, '我的标书');
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, left: 0 });

    scrollTo.mockClear();
    const intoView = vi.fn();
    Element.prototype.scrollIntoView = intoView;
    await act(() => router.navigate('/#packages'));
    await waitForHeading(2, '按需选择套餐');
    await waitFor(() => expect(intoView).toHaveBeenCalled(), WAIT);
    expect((intoView.mock.contexts[0] as Element).id).toBe('packages');
    expect(scrollTo).not.toHaveBeenCalled();
    scrollTo.mockRestore();
  });
});

describe('shell components', () => {
  it('customer service at the lower left says so when no channel is configured (no made-up number)', async () => {
    renderRoute('/');
    fireEvent.click(await screen.findByTestId('customer-service', undefined, WAIT));
    const panel = await screen.findByTestId('customer-service-panel');
    expect(panel.textContent).toContain('客服电话和微信尚未公布');
    expect(panel.textContent).not.toContain('400-000-0000');
  });

  it('the Windows WeChat browser gets the PC-browser notice instead of the app', async () => {
    renderRoute('/', {
      userAgent: 'Mozilla/5.0 (Windows NT 10.0) MicroMessenger/7.0.20 WindowsWechat(0x63090a13)',
    });
    expect(await screen.findByText(MSG.pcBrowser)).toBeTruthy();
    expect(screen.queryByTestId('customer-service')).toBeNull();
  });

  it('the header shows the quota and the masked account in /home', async () => {
    renderRoute('/home', {
      token: 'token',
      user: { account: '13912345678', bidNumber: 2, temporaryBidNumber: 1 },
    });
    expect((await screen.findByTestId('user-account', undefined, WAIT)).textContent).toBe('139****5678');
    expect(screen.getByTestId('quota-badge').textContent).toContain('3');
  });
});
