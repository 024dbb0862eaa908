import { Typography } from 'antd';
import { GiftOutlined, ShareAltOutlined, UserAddOutlined } from '@ant-design/icons';
import { useSession } from '../../../stores/session.ts';
import { PageFrame, Panel } from '../../../components/PageFrame.tsx';
import { ComingSoon } from '../../../components/ComingSoon.tsx';

const RULES = [
  { icon: <ShareAltOutlined />, title: '分享邀请码', text: '把您的专属邀请码发给同行或同事。' },
  { icon: <UserAddOutlined />, title: '好友注册', text: '好友注册时填写您的邀请码。' },
  { icon: <GiftOutlined />, title: '获得额度', text: '好友注册成功后，赠送额度自动到账。' },
];

/** `/home/invite`: the user's invitation code and the reward rules. */
export default function InvitePage() {
  const code = useSession((s) => s.user?.inviteCode ?? '');
  return (
    <PageFrame title="邀请有礼" description="邀请好友使用标书 AI，好友注册成功后您将获得赠送额度。">
      <div className="bs-grid-3">
        {RULES.map((r) => (
          <div className="bs-feature-note" key={r.title}>
            {r.icon}
            <div>
              <strong>{r.title}</strong>
              <div>{r.text}</div>
            </div>
          </div>
        ))}
      </div>
      <Panel title="我的邀请码">
        {code ? (
          <Typography.Title level={2} copyable={{ text: code, tooltips: ['复制邀请码', '已复制'] }} style={{ margin: 0, letterSpacing: 4 }}>
            {code}
          </Typography.Title>
        ) : (
          <ComingSoon description="您的专属邀请码和邀请记录会显示在这里。" actionLabel="生成邀请链接" actionIcon={<ShareAltOutlined />} />
        )}
      </Panel>
    </PageFrame>
  );
}
