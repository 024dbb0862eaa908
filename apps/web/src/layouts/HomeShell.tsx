import { useSession } from '../stores/session.ts';
import { chooseLayout } from './chooseLayout.ts';
import DefaultLayout from './DefaultLayout.tsx';
import CorporateLayout from './CorporateLayout.tsx';

/** Element of the /home route: picks the layout from the session. */
export default function HomeShell() {
  const company = useSession((s) => s.company);
  const companyName = useSession((s) => s.companyName);
  return chooseLayout({ company }) === 'corporate' ? (
    <CorporateLayout companyName={companyName} />
  ) : (
    <DefaultLayout />
  );
}
