import { GiftOutlined, TeamOutlined, TrophyOutlined } from '@ant-design/icons';
import { PublicBanner } from '../../components/PublicBanner.tsx';
import { StartButton } from '../../components/StartButton.tsx';
import { signupGift, useClientConfig } from '../../components/useClientConfig.ts';

/** The offers; the new-user one quotes the configured trial quota and goes when signup grants none. */
const items = (trialBids: number | null) => [
  ...(trialBids === 0
    ? []
    : [
        {
          icon: <GiftOutlined />,
          title: '新用户体验额度',
          text: `手机号${signupGift(trialBids) ?? '注册即送标书额度'}，可完整体验解析、大纲、写作和导出。`,
        },
      ]),
  {
    icon: <TeamOutlined />,
    title: '邀请有礼',
    text: '在工作台的“邀请有礼”中获取专属邀请链接，好友通过链接注册后，您可获得赠送额度。',
  },
  {
    icon: <TrophyOutlined />,
    title: '企业开通优惠',
    text: '团队批量开通企业账号可享受专属价格，详情请联系客服。',
  },
];

/** `/more/welfare.html`: what new and existing users receive. */
export default function WelfarePage() {
  const { signupTrialBids } = useClientConfig();
  return (
    <>
      <PublicBanner
        title="用户福利"
        subtitle="新用户体验、邀请奖励与企业开通优惠。"
        crumbs={[{ label: '用户福利' }]}
      />
      <div className="bs-container bs-content">
        <div className="bs-card-grid">
          {items(signupTrialBids).map((i) => (
            <div className="bs-tile" key={i.title}>
              <div className="bs-feature__icon">{i.icon}</div>
              <h3 style={{ marginTop: 14 }}>{i.title}</h3>
              <p>{i.text}</p>
            </div>
          ))}
        </div>
        <p style={{ color: '#64748b', marginTop: 28 }}>
          赠送额度以到账记录为准；活动规则如有调整，以本页最新说明为准。
        </p>
        <StartButton type="primary" size="large" to="/home/invite">
          领取福利
        </StartButton>
      </div>
    </>
  );
}
