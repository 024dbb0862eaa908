import { Button } from 'antd';
import { PlayCircleOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { StartButton } from '../../components/StartButton.tsx';
import { useClientConfig } from '../../components/useClientConfig.ts';
import { PublicPrices } from '../../features/commerce/PublicPrices.tsx';
import { LandingContent, type LandingStartProps } from './LandingContent.tsx';

function Start({ primary, block, to, children }: LandingStartProps) {
  return (
    <StartButton type={primary ? 'primary' : 'default'} size="large" block={block} to={to}>
      {children}
    </StartButton>
  );
}

/** The landing page inside the whole app (signed-in visitors, and after the landing island hands over). */
export default function LandingPage() {
  const navigate = useNavigate();
  const { signupTrialBids } = useClientConfig();
  const demo = (
    <Button size="large" icon={<PlayCircleOutlined />} onClick={() => navigate('/demo')}>
      观看产品演示
    </Button>
  );
  return <LandingContent Start={Start} demo={demo} prices={<PublicPrices />} trialBids={signupTrialBids} />;
}
