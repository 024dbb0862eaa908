import { SiteFooterView } from './SiteFooterView.tsx';
import { useClientConfig } from './useClientConfig.ts';

/** Footer with the operator's company name and registration number from the client configuration. */
export function SiteFooter() {
  return <SiteFooterView config={useClientConfig()} />;
}
