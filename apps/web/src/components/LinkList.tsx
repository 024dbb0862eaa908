import { Link } from 'react-router';

export interface SiteLink {
  to: string;
  label: string;
}

/** A plain list of in-site links (footer columns, the site map's sections). */
export function LinkList({ links }: { links: SiteLink[] }) {
  return (
    <ul>
      {links.map((l) => (
        <li key={l.to}>
          <Link to={l.to}>{l.label}</Link>
        </li>
      ))}
    </ul>
  );
}
