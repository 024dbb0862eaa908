import { Outlet } from 'react-router';
import { SiteHeader } from '../components/SiteHeader.tsx';
import { SiteFooter } from '../components/SiteFooter.tsx';

/** Public pages: site header, the page, site footer. */
export default function PublicLayout() {
  return (
    <div className="bs-public">
      <SiteHeader />
      <main className="bs-public-main">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
