import type { ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { CustomerServiceOutlined, SearchOutlined } from '@ant-design/icons';
import type { ClientConfig } from '@bid/shared';
import { Logo } from '../components/Logo.tsx';
import { NavLink } from '../components/NavLink.tsx';
import { SiteFooterView } from '../components/SiteFooterView.tsx';
import { CLIENT_CONFIG_KEY, withConfigDefaults } from '../components/clientConfig.ts';
import { SITE_NAV } from '../components/siteNav.ts';
import { PlainButton } from './PlainButton.tsx';

/** The signed-out header of SiteHeader, in plain elements. */
function IslandHeader() {
  return (
    <header className="bs-site-header">
      <div className="bs-container bs-site-header__inner">
        <Logo />
        <nav className="bs-site-nav" aria-label="主导航">
          {SITE_NAV.map((item) => (
            <NavLink key={item.to} to={item.to}>
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="bs-site-header__actions">
          <PlainButton text shape="circle" icon={<SearchOutlined />} label="搜索" />
          <PlainButton text>登录</PlainButton>
          <PlainButton primary>免费试用</PlainButton>
        </div>
      </div>
    </header>
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
        <button type="button" className="bs-cs__button" aria-label="联系客服" aria-expanded={false} data-testid="customer-service">
          <CustomerServiceOutlined />
        </button>
      </div>
    </div>
  );
}
