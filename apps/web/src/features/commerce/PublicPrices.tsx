import { useQuery } from '@tanstack/react-query';
import { commerceApi, commerceKeys } from './api.ts';
import { PriceList } from './PriceList.tsx';

/** The packages on sale with their prices (indexShow, no login needed); nothing when the call fails. */
export function PublicPrices() {
  const packages = useQuery({
    queryKey: commerceKeys.packages,
    queryFn: () => commerceApi.packages({ silent: true }),
  });
  return <PriceList packages={packages.data} />;
}
