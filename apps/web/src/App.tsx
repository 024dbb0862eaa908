import { useMemo } from 'react';
import { App as AntdApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import type { DataRouter } from 'react-router';
import { theme } from './styles/theme.ts';
import { FeedbackBridge } from './utils/FeedbackBridge.tsx';
import { MESSAGE_CONFIG, NOTIFICATION_CONFIG } from './utils/feedback.ts';
import { ErrorBoundary } from './components/ErrorBoundary.tsx';
import { WechatNotice } from './components/WechatNotice.tsx';
import { isWindowsWechat } from './components/wechat.ts';
import { isNotFoundError } from './router/errors.ts';

dayjs.locale('zh-cn');

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // The request layer has already shown the error; a second try would show it twice.
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

/** Errors reach the route error pages; this only decides what is worth a console trace. */
function onRouterError(error: unknown) {
  if (!isNotFoundError(error)) console.error(error);
}

export interface AppProps {
  router: DataRouter;
  queryClient?: QueryClient;
  userAgent?: string;
}

/** Providers (antd zh_CN + theme, feedback, TanStack Query) around the router, or the WeChat notice. */
export function App({ router, queryClient, userAgent = typeof navigator === 'undefined' ? '' : navigator.userAgent }: AppProps) {
  const client = useMemo(() => queryClient ?? createQueryClient(), [queryClient]);
  const wechat = isWindowsWechat(userAgent);
  return (
    <ConfigProvider locale={zhCN} theme={theme}>
      <AntdApp message={MESSAGE_CONFIG} notification={NOTIFICATION_CONFIG}>
        <FeedbackBridge />
        <ErrorBoundary>
          {wechat ? (
            <WechatNotice />
          ) : (
            <QueryClientProvider client={client}>
              <RouterProvider router={router} onError={onRouterError} />
            </QueryClientProvider>
          )}
        </ErrorBoundary>
      </AntdApp>
    </ConfigProvider>
  );
}
