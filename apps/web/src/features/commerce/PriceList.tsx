import type { PackageItem } from '@bid/shared';
import { PACKAGE_KIND_LABELS } from '@bid/shared/schemas/packageKinds';

/** The packages on sale with their prices; nothing when there are none. No request layer: the landing island shows it too. */
export function PriceList({ packages }: { packages: PackageItem[] | null | undefined }) {
  if (!packages?.length) return null;
  return (
    <div
      data-testid="public-prices"
      style={{ marginTop: 28, display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: 12 }}
    >
      {packages.map((p) => (
        <span
          key={p.id}
          style={{
            padding: '8px 16px',
            borderRadius: 999,
            background: '#eff6ff',
            color: '#1e3a8a',
            fontSize: 14,
          }}
          title={p.description}
        >
          {p.name}（{PACKAGE_KIND_LABELS[p.kind]}）<strong style={{ marginLeft: 6 }}>¥{p.price}</strong>
          {p.originalPrice ? <s style={{ marginLeft: 6, color: '#5b6b81' }}>¥{p.originalPrice}</s> : null}
        </span>
      ))}
    </div>
  );
}
