import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { HOME_CHILDREN, MORE_PAGES } from '@bid/shared';
import { RootShell } from './RootShell.tsx';
import { RouteError } from '../components/RouteError.tsx';
import { PageLoading } from '../components/PageLoading.tsx';
import PublicLayout from '../layouts/PublicLayout.tsx';
import HomeShell from '../layouts/HomeShell.tsx';
import AdminLayout from '../layouts/AdminLayout.tsx';
import NotFoundPage from '../pages/errors/NotFoundPage.tsx';
import {
  ADMIN_TITLES,
  HOME_TITLES,
  MORE_TITLES,
  NOT_FOUND_TITLE,
  PUBLIC_TITLES,
  type HomeChild,
  type MorePage,
} from './table.ts';
import type { RouteHandle } from './title.ts';

type PageModule = { default: ComponentType };
type Loader = () => Promise<PageModule>;

/** Screens load on first visit; React Router waits for the module before it shows the new page. */
function page(load: Loader, title: string | null, extra: Partial<RouteObject> = {}): RouteObject {
  const handle: RouteHandle = title === null ? {} : { title };
  return { ...extra, handle, lazy: async () => ({ Component: (await load()).default }) } as RouteObject;
}

/** One file per /home screen (default export), so each domain can replace its own screens. */
export const HOME_PAGES: Record<HomeChild, Loader> = {
  '': () => import('../pages/home/HomePage.tsx'),
  bidingDiff: () => import('../pages/home/bidingDiff/BidingDiffPage.tsx'),
  'bidingDiff/detail': () => import('../pages/home/bidingDiff/BidingDiffDetailPage.tsx'),
  bidingParse: () => import('../pages/home/bidingParse/BidingParsePage.tsx'),
  'bidingParse/analysisPage': () => import('../pages/home/bidingParse/AnalysisPage.tsx'),
  book: () => import('../pages/home/book/BookListPage.tsx'),
  'book/BidingWrite': () => import('../pages/home/book/BidingWritePage.tsx'),
  crtBidBook: () => import('../pages/home/crtBidBook/CreateBidPage.tsx'),
  historyBook: () => import('../pages/home/historyBook/HistoryBookPage.tsx'),
  invite: () => import('../pages/home/invite/InvitePage.tsx'),
  knowledgeBase: () => import('../pages/home/knowledgeBase/KnowledgeBasePage.tsx'),
  'knowledgeBase/create': () => import('../pages/home/knowledgeBase/KnowledgeCreatePage.tsx'),
  'knowledgeBase/private': () => import('../pages/home/knowledgeBase/PrivateKnowledgePage.tsx'),
  'knowledgeBase/public': () => import('../pages/home/knowledgeBase/PublicKnowledgePage.tsx'),
  'knowledgeBase/publicFile': () => import('../pages/home/knowledgeBase/PublicFilePage.tsx'),
  navigation: () => import('../pages/home/navigation/NavigationPage.tsx'),
  picture: () => import('../pages/home/picture/PicturePage.tsx'),
  account: () => import('../pages/home/account/AccountPage.tsx'),
  employees: () => import('../pages/home/employees/EmployeesPage.tsx'),
  packages: () => import('../pages/home/packages/PackagesPage.tsx'),
  feedback: () => import('../pages/home/feedback/FeedbackPage.tsx'),
};

export const MORE_PAGE_LOADERS: Record<MorePage, Loader> = {
  'call-me.html': () => import('../pages/more/CallMePage.tsx'),
  'make-book.html': () => import('../pages/more/MakeBookPage.tsx'),
  'more-dynamic.html': () => import('../pages/more/MoreDynamicPage.tsx'),
  'partner.html': () => import('../pages/more/PartnerPage.tsx'),
  'question.html': () => import('../pages/more/QuestionListPage.tsx'),
  'video.html': () => import('../pages/more/VideoPage.tsx'),
  'website-map.html': () => import('../pages/more/WebsiteMapPage.tsx'),
  'welfare.html': () => import('../pages/more/WelfarePage.tsx'),
};

/**
 * The route table (SPEC section 2). It matches the server's isKnownWebRoute: every path below is a
 * known route there, and everything else falls to the catch-all 404 (router/routes.test.tsx checks both).
 * `/dynamic/{id}.html` and friends are `:file` params: the screens check the `.html` form themselves.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootShell />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoading />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          {
            // Pathless: an error shows inside the site layout instead of replacing it.
            errorElement: <RouteError />,
            children: [
              page(() => import('../pages/public/LandingPage.tsx'), PUBLIC_TITLES['/'], { index: true }),
              page(() => import('../pages/public/IndexOldPage.tsx'), PUBLIC_TITLES['/indexOld'], {
                path: 'indexOld',
              }),
              page(() => import('../pages/public/DemoPage.tsx'), PUBLIC_TITLES['/demo'], { path: 'demo' }),
              page(() => import('../pages/public/SsePage.tsx'), PUBLIC_TITLES['/sse'], { path: 'sse' }),
              page(() => import('../pages/public/PopPage.tsx'), PUBLIC_TITLES['/pop'], { path: 'pop' }),
              page(() => import('../pages/public/SearchPage.tsx'), PUBLIC_TITLES['/search.html'], {
                path: 'search.html',
              }),
              page(() => import('../pages/public/DynamicPage.tsx'), PUBLIC_TITLES['/dynamic'], {
                path: 'dynamic/:file',
              }),
              page(() => import('../pages/public/HelpPage.tsx'), PUBLIC_TITLES['/help'], {
                path: 'help/:file',
              }),
              page(() => import('../pages/public/QuestionPage.tsx'), PUBLIC_TITLES['/question'], {
                path: 'question/:file',
              }),
              ...MORE_PAGES.map((p) => page(MORE_PAGE_LOADERS[p], MORE_TITLES[p], { path: `more/${p}` })),
              {
                path: '*',
                element: <NotFoundPage />,
                handle: { title: NOT_FOUND_TITLE } satisfies RouteHandle,
              },
            ],
          },
        ],
      },
      {
        path: 'home',
        element: <HomeShell />,
        children: [
          {
            errorElement: <RouteError />,
            children: HOME_CHILDREN.map((c) =>
              page(HOME_PAGES[c], HOME_TITLES[c], c === '' ? { index: true } : { path: c }),
            ),
          },
        ],
      },
      {
        // The operators' console (ADMIN_ROUTES): its own layout, which turns away everyone else.
        path: 'admin',
        element: <AdminLayout />,
        children: [
          {
            errorElement: <RouteError />,
            children: [
              page(() => import('../pages/admin/AdminDashboardPage.tsx'), ADMIN_TITLES['/admin'], {
                index: true,
              }),
              page(() => import('../pages/admin/AdminOrdersPage.tsx'), ADMIN_TITLES['/admin/orders'], {
                path: 'orders',
              }),
              page(() => import('../pages/admin/AdminUsersPage.tsx'), ADMIN_TITLES['/admin/users'], {
                path: 'users',
              }),
              page(() => import('../pages/admin/AdminPackagesPage.tsx'), ADMIN_TITLES['/admin/packages'], {
                path: 'packages',
              }),
              page(() => import('../pages/admin/AdminAuditPage.tsx'), ADMIN_TITLES['/admin/audit'], {
                path: 'audit',
              }),
              page(() => import('../pages/admin/AdminInvoicesPage.tsx'), ADMIN_TITLES['/admin/invoices'], {
                path: 'invoices',
              }),
              page(() => import('../pages/admin/AdminFeedbackPage.tsx'), ADMIN_TITLES['/admin/feedback'], {
                path: 'feedback',
              }),
              page(() => import('../pages/admin/AdminAiProvidersPage.tsx'), ADMIN_TITLES['/admin/ai'], {
                path: 'ai',
              }),
              page(() => import('../pages/admin/AdminTemplatesPage.tsx'), ADMIN_TITLES['/admin/templates'], {
                path: 'templates',
              }),
              page(() => import('../pages/admin/AdminContentPage.tsx'), ADMIN_TITLES['/admin/content'], {
                path: 'content',
              }),
              page(() => import('../pages/admin/AdminNoticesPage.tsx'), ADMIN_TITLES['/admin/notices'], {
                path: 'notices',
              }),
            ],
          },
        ],
      },
    ],
  },
];
