import { useEffect, useState, type ReactNode } from 'react';
import { CustomerServiceOutlined, PlayCircleOutlined, SearchOutlined } from '@ant-design/icons';
import { Logo } from '../components/Logo.tsx';
import { NavLink } from '../components/NavLink.tsx';
import { SiteFooterView } from '../components/SiteFooterView.tsx';
import { withConfigDefaults } from '../components/clientConfig.ts';
import { SITE_NAV } from '../components/siteNav.ts';
import { PriceList } from '../features/commerce/PriceList.tsx';
import { LandingContent, type LandingStartProps } from '../pages/public/LandingContent.tsx';
import type { IslandData } from './islandData.ts';
import { lightApi } from '../api/light.ts';

/** A plain button drawn like antd's (landing.css `.bs-btn`); its click is taken over by the whole app. */
function PlainButton({ primary, large, block, text, shape, icon, label, children }: {
  primary?: boolean;
  large?: boolean;
  block?: boolean;
  text?: boolean;
  shape?: 'circle';
  icon?: ReactNode;
  label?: string;
  children?: ReactNode;
}) {
  const cls = ['bs-btn', primary ? 'bs-btn--primary' : text ? 'bs-btn--text' : 'bs-btn--default', large ? 'bs-btn--lg' : '', block ? 'bs-btn--block' : '', shape ? 'bs-btn--circle' : '']
    .filter(Boolean)
    .join(' ');
  return (
    <button type="button" className={cls} aria-label={label}>
      {icon}
      {children === undefined ? null : <span>{children}</span>}
    </button>
  );
}

function Start({ primary, block, children }: LandingStartProps) {
  return (
    <PlainButton primary={primary} large block={block}>
      {children}
    </PlainButton>
  );
}

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
 * The landing page for a signed-out visitor as the light island renders it: the same elements as the
 * whole app's `/` (RootShell, PublicLayout, LandingPage, CustomerService) in the same order, so that a
 * click can be handed to the same element once the whole app has taken over (landing/island.tsx).
 */
export function IslandPage({ onData }: { onData: (data: IslandData) => void }) {
  const [data, setData] = useState<IslandData>({ packages: null, clientConfig: null });
  useEffect(() => {
    let live = true;
    void Promise.all([
      lightApi.packages(),
      lightApi.clientConfig(),
    ]).then(([packages, clientConfig]) => {
      if (!live) return;
      setData({ packages, clientConfig });
      onData({ packages, clientConfig });
    });
    return () => {
      live = false;
    };
  }, [onData]);
  const demo = (
    <PlainButton large icon={<PlayCircleOutlined />}>
      观看产品演示
    </PlainButton>
  );
  return (
    <div className="ant-app">
      <div className="bs-public">
        <IslandHeader />
        <main className="bs-public-main">
          <LandingContent Start={Start} demo={demo} prices={<PriceList packages={data.packages} />} />
        </main>
        <SiteFooterView config={withConfigDefaults(data.clientConfig)} />
      </div>
      <div className="bs-cs">
        <button type="button" className="bs-cs__button" aria-label="联系客服" aria-expanded={false} data-testid="customer-service">
          <CustomerServiceOutlined />
        </button>
      </div>
    </div>
  );
}
