import { forwardRef } from 'react';
import { Link, useLocation, type LinkProps } from 'react-router';

function normalize(path: string): string {
  const p = path.split(/[?#]/)[0] || '/';
  return p.length > 1 ? p.replace(/\/+$/, '') : p;
}

/**
 * SPEC section 2 link classes: `active` when the current route starts with the link (segment-wise, so
 * `/home/book` is active inside `/home/book/BidingWrite` but `/home/bo` is not), `exact-active` when it
 * matches exactly. `/` would prefix every path, so it is only ever active exactly.
 */
export function linkClasses(currentPath: string, to: string): string[] {
  const current = normalize(currentPath);
  const target = normalize(to);
  if (current === target) return ['active', 'exact-active'];
  if (target !== '/' && current.startsWith(`${target}/`)) return ['active'];
  return [];
}

export type NavLinkProps = Omit<LinkProps, 'to' | 'className'> & { to: string; className?: string };

export const NavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink(
  { to, className, ...rest },
  ref,
) {
  const { pathname } = useLocation();
  const classes = linkClasses(pathname, to);
  const cls = [className, ...classes].filter(Boolean).join(' ') || undefined;
  return (
    <Link
      ref={ref}
      to={to}
      className={cls}
      aria-current={classes.includes('exact-active') ? 'page' : undefined}
      {...rest}
    />
  );
});
