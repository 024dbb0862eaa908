import type { ReactNode } from 'react';
import { App as AntdApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { flushSync } from 'react-dom';
import { RouterProvider, type DataRouter } from 'react-router';
import { theme } from './styles/theme.ts';
import { queryClient as appQueryClient } from './api/queryClient.ts';
import { FeedbackBridge } from './utils/FeedbackBridge.tsx';
import { MESSAGE_CONFIG, NOTIFICATION_CONFIG } from './utils/feedback.ts';
import { ErrorBoundary } from './components/ErrorBoundary.tsx';
import { WechatNotice } from './components/WechatNotice.tsx';
import { isWindowsWechat } from './components/wechat.ts';
import { isNotFoundError } from './router/errors.ts';

dayjs.locale('zh-cn');

const syncFlush = (fn: () => unknown): undefined => {
  flushSync(fn);
};

/** Errors reach the route error pages; this only decides what is worth a console trace. */
function onRouterError(error: unknown) {
  if (!isNotFoundError(error)) console.error(error);
}

export interface AppProvidersProps {
  queryClient?: QueryClient;
  userAgent?: string;
  children: ReactNode;
}

/**
 * Providers (antd zh_CN + theme, feedback, TanStack Query) around the router, or the WeChat notice.
 * The browser puts a RouterProvider inside, the server renderer a StaticRouterProvider: the same tree
 * on both sides is what lets the server's HTML hydrate without a mismatch.
 */
export function AppProviders({
  queryClient,
  userAgent = typeof navigator === 'undefined' ? '' : navigator.userAgent,
  children,
}: AppProvidersProps) {
  const client = queryClient ?? appQueryClient;
  const wechat = isWindowsWechat(userAgent);
  return (
    <ConfigProvider locale={zhCN} theme={theme}>
      <AntdApp message={MESSAGE_CONFIG} notification={NOTIFICATION_CONFIG}>
        <FeedbackBridge />
        <ErrorBoundary>
          {wechat ? <WechatNotice /> : <QueryClientProvider client={client}>{children}</QueryClientProvider>}
        </ErrorBoundary>
      </AntdApp>
    </ConfigProvider>
  );
}

export interface AppProps {
  router: DataRouter;
  queryClient?: QueryClient;
  userAgent?: string;
}

export function App({ router, queryClient, userAgent }: AppProps) {
  return (
    <AppProviders queryClient={queryClient} userAgent={userAgent}>
      {/* From 'react-router' (not '/dom') so tests and app share one module; flushSync is what '/dom' adds. */}
      <RouterProvider router={router} flushSync={syncFlush} onError={onRouterError} />
    </AppProviders>
  );
}
