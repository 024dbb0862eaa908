import type { ReactNode } from 'react';
import { Logo } from './Logo.tsx';
import { NavLink } from './NavLink.tsx';
import { SITE_NAV } from './siteNav.ts';

/**
 * The public site's header around its actions: logo and navigation. Plain elements, so the whole
 * app's SiteHeader (antd buttons) and the island's header (plain buttons) draw the same frame.
 */
export function SiteHeaderFrame({ actions }: { actions: ReactNode }) {
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
        <div className="bs-site-header__actions">{actions}</div>
      </div>
    </header>
  );
}
