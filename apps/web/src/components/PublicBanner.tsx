import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface Crumb {
  to?: string;
  label: string;
}

/** The blue title band at the top of public content pages. */
export function PublicBanner({
  title,
  subtitle,
  crumbs = [],
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  crumbs?: Crumb[];
}) {
  return (
    <section className="bs-banner">
      <div className="bs-container">
        <nav className="bs-breadcrumb" aria-label="当前位置">
          <Link to="/">首页</Link>
          {crumbs.map((c) => (
            <span key={c.label}>
              {' / '}
              {c.to ? <Link to={c.to}>{c.label}</Link> : c.label}
            </span>
          ))}
        </nav>
        <h1>{title}</h1>
        {subtitle ? <p>{subtitle}</p> : null}
      </div>
    </section>
  );
}
