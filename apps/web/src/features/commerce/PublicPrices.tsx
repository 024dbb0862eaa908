import { useQuery } from '@tanstack/react-query';
import { PACKAGE_KIND_LABELS } from '@bid/shared';
import { commerceApi, commerceKeys } from './api.ts';

/** The packages on sale with their prices (indexShow, no login needed); nothing when the call fails. */
export function PublicPrices() {
  const packages = useQuery({ queryKey: commerceKeys.packages, queryFn: () => commerceApi.packages({ silent: true }) });
  if (!packages.data?.length) return null;
  return (
    <div data-testid="public-prices" style={{ marginTop: 28, display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: 12 }}>
      {packages.data.map((p) => (
        <span key={p.id} style={{ padding: '8px 16px', borderRadius: 999, background: '#eff6ff', color: '#1e3a8a', fontSize: 14 }} title={p.description}>
          {p.name}（{PACKAGE_KIND_LABELS[p.kind]}）<strong style={{ marginLeft: 6 }}>¥{p.price}</strong>
          {p.originalPrice ? <s style={{ marginLeft: 6, color: '#5b6b81' }}>¥{p.originalPrice}</s> : null}
        </span>
      ))}
    </div>
  );
}
