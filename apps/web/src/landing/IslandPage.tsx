import { PlayCircleOutlined } from '@ant-design/icons';
import type { QueryClient } from '@tanstack/react-query';
import type { ClientConfig, PackageItem } from '@bid/shared';
import { CLIENT_CONFIG_KEY } from '../components/clientConfig.ts';
import { PriceList } from '../features/commerce/PriceList.tsx';
import { commerceKeys } from '../features/commerce/api.ts';
import { LandingContent, type LandingStartProps } from '../pages/public/LandingContent.tsx';
import { PlainButton } from './PlainButton.tsx';
import { IslandShell } from './IslandShell.tsx';

function Start({ primary, block, children }: LandingStartProps) {
  return (
    <PlainButton primary={primary} large block={block}>
      {children}
    </PlainButton>
  );
}

/** The landing page (`/`) for a signed-out visitor, with the packages on sale (indexShow). */
export function IslandPage({ data }: { data: QueryClient }) {
  const demo = (
    <PlainButton large icon={<PlayCircleOutlined />}>
      观看产品演示
    </PlainButton>
  );
  return (
    <IslandShell data={data}>
      <LandingContent
        Start={Start}
        demo={demo}
        prices={<PriceList packages={data.getQueryData<PackageItem[]>(commerceKeys.packages)} />}
        trialBids={data.getQueryData<ClientConfig>(CLIENT_CONFIG_KEY)?.signupTrialBids ?? null}
      />
    </IslandShell>
  );
}
