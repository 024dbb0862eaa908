import { CheckOutlined, GiftOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { StartButton } from '../../components/StartButton.tsx';
import { signupGift, useClientConfig } from '../../components/useClientConfig.ts';

/** What a new user receives: the trial quota as configured (left out when signup grants none). */
const benefits = (trialBids: number | null) =>
  [
    signupGift(trialBids),
    '完整体验解析、大纲、写作、导出全流程',
    '邀请好友注册，好友注册成功后您可获得赠送额度',
  ].filter((b): b is string => b !== null);

/** `/pop`: the short new-user offer page that campaigns and pop-ups link to. */
export default function PopPage() {
  const { signupTrialBids } = useClientConfig();
  return (
    <section className="bs-hero" style={{ padding: '88px 0' }}>
      <div className="bs-container" style={{ maxWidth: 720, textAlign: 'center', position: 'relative' }}>
        <span className="bs-hero__eyebrow">
          <GiftOutlined />
          新用户专享
        </span>
        <h1>
          免费写一份<em>完整标书</em>
        </h1>
        <p className="bs-hero__lead" style={{ margin: '20px auto 0' }}>
          上传招标文件，AI 生成贴合评分标准的大纲和正文，导出排版好的 Word。
        </p>
        <ul className="bs-list-plain" style={{ margin: '32px auto 0', maxWidth: 420, textAlign: 'left' }}>
          {benefits(signupTrialBids).map((b) => (
            <li key={b}>
              <CheckOutlined />
              {b}
            </li>
          ))}
        </ul>
        <div className="bs-hero__cta" style={{ justifyContent: 'center' }}>
          <StartButton type="primary" size="large">
            立即领取
          </StartButton>
        </div>
        <p style={{ marginTop: 20, color: '#64748b' }}>
          活动说明见<Link to="/more/welfare.html">用户福利</Link>。
        </p>
      </div>
    </section>
  );
}
