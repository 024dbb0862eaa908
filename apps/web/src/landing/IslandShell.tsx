import type { ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { CustomerServiceOutlined, SearchOutlined } from '@ant-design/icons';
import type { ClientConfig } from '@bid/shared';
import { SiteHeaderFrame } from '../components/SiteHeaderFrame.tsx';
import { SiteFooterView } from '../components/SiteFooterView.tsx';
import { CLIENT_CONFIG_KEY, withConfigDefaults } from '../components/clientConfig.ts';
import { PlainButton } from './PlainButton.tsx';

/** The signed-out header of SiteHeader, with plain buttons. */
function IslandHeader() {
  return (
    <SiteHeaderFrame
      actions={
        <>
          <PlainButton text shape="circle" icon={<SearchOutlined />} label="搜索" />
          <PlainButton text>登录</PlainButton>
          <PlainButton primary>免费试用</PlainButton>
        </>
      }
    />
  );
}

/**
 * A public page for a signed-out visitor as the light island renders it on the server: the same
 * elements as the whole app's RootShell, PublicLayout and CustomerService in the same order, so that a
 * click can be handed to the same element once the whole app has taken over (landing/island.ts). The
 * footer's contact channels are the server's client configuration.
 */
export function IslandShell({ data, children }: { data: QueryClient; children: ReactNode }) {
  const clientConfig = data.getQueryData<ClientConfig>(CLIENT_CONFIG_KEY) ?? null;
  return (
    <div className="ant-app">
      <div className="bs-public">
        <IslandHeader />
        <main className="bs-public-main">{children}</main>
        <SiteFooterView config={withConfigDefaults(clientConfig)} />
      </div>
      <div className="bs-cs">
        <button
          type="button"
          className="bs-cs__button"
          aria-label="联系客服"
          aria-expanded={false}
          data-testid="customer-service"
        >
          <CustomerServiceOutlined />
        </button>
      </div>
    </div>
  );
}
