import { useEffect, useState } from 'react';
import { PlayCircleOutlined } from '@ant-design/icons';
import type { PackageItem } from '@bid/shared';
import { PriceList } from '../features/commerce/PriceList.tsx';
import { LandingContent, type LandingStartProps } from '../pages/public/LandingContent.tsx';
import { lightApi } from '../api/light.ts';
import { PlainButton } from './PlainButton.tsx';
import { IslandShell } from './IslandShell.tsx';
import type { IslandData } from './islandData.ts';

function Start({ primary, block, children }: LandingStartProps) {
  return (
    <PlainButton primary={primary} large block={block}>
      {children}
    </PlainButton>
  );
}

/** The landing page (`/`) for a signed-out visitor, with the packages of `indexShow`. */
export function IslandPage({ report }: { report: (data: Partial<IslandData>) => void }) {
  const [packages, setPackages] = useState<PackageItem[] | null>(null);
  useEffect(() => {
    let live = true;
    void lightApi.packages().then((list) => {
      if (!live) return;
      setPackages(list);
      report({ packages: list });
    });
    return () => {
      live = false;
    };
  }, [report]);
  const demo = (
    <PlainButton large icon={<PlayCircleOutlined />}>
      观看产品演示
    </PlainButton>
  );
  return (
    <IslandShell report={report}>
      <LandingContent Start={Start} demo={demo} prices={<PriceList packages={packages} />} />
    </IslandShell>
  );
}
