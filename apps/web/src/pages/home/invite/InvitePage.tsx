import { Alert, Empty, QRCode, Skeleton, Space, Statistic, Table, Typography } from 'antd';
import { GiftOutlined, ShareAltOutlined, UserAddOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { formatTime, INVITE_LIST_MAX, type InvitedUser } from '@bid/shared';
import { PageFrame, Panel } from '../../../components/PageFrame.tsx';
import { inviteApi, inviteKeys, inviteLink } from '../../../features/invite/api.ts';

/** The rule exactly as the server applies it (AuthService.register with INVITE_REWARD_BIDS). */
function ruleText(bids: number, holder: 'user' | 'tenant'): string {
  if (bids <= 0) return '目前邀请好友注册不赠送额度。';
  const where = holder === 'tenant' ? '企业共用额度' : '您的账号';
  return `好友通过您的邀请链接或邀请码注册新账号后，${where}立即获得 ${bids} 份赠送额度（每位新注册的好友奖励一次；已有账号的用户登录不算新注册）。`;
}

/** `/home/invite`: the invitation code, link and QR code, the reward rule in force, the invited users. */
export default function InvitePage() {
  const info = useQuery({ queryKey: inviteKeys.info, queryFn: () => inviteApi.info() });
  const d = info.data;
  const link = d ? inviteLink(d.code) : '';
  const steps = [
    {
      icon: <ShareAltOutlined />,
      title: '分享邀请链接',
      text: '把邀请链接或二维码发给同行或同事，也可以让对方登录时填写您的邀请码。',
    },
    { icon: <UserAddOutlined />, title: '好友注册', text: '好友打开链接后用手机号或微信注册新账号。' },
    {
      icon: <GiftOutlined />,
      title: '获得额度',
      text: d ? ruleText(d.rewardBids, d.rewardHolder) : '好友注册成功后，赠送额度自动到账。',
    },
  ];
  return (
    <PageFrame title="邀请有礼" description="邀请好友使用标书 AI，好友注册成功后您获得赠送额度。">
      <div className="bs-grid-3">
        {steps.map((r) => (
          <div className="bs-feature-note" key={r.title}>
            {r.icon}
            <div>
              <strong>{r.title}</strong>
              <div>{r.text}</div>
            </div>
          </div>
        ))}
      </div>
      {info.isError ? <Alert type="warning" showIcon title="邀请信息暂时无法读取，请稍后刷新" /> : null}
      <Panel title="我的邀请码">
        {!d ? (
          <Skeleton active paragraph={{ rows: 3 }} />
        ) : (
          <Space size={32} align="start" wrap data-testid="invite-card">
            <QRCode value={link} size={160} data-testid="invite-qr" />
            <Space orientation="vertical" size={12}>
              <Typography.Title
                level={2}
                copyable={{ text: d.code, tooltips: ['复制邀请码', '已复制'] }}
                style={{ margin: 0, letterSpacing: 4 }}
                data-testid="invite-code"
              >
                {d.code}
              </Typography.Title>
              <div>
                <Typography.Text type="secondary">邀请链接：</Typography.Text>
                <Typography.Text
                  copyable={{ text: link, tooltips: ['复制链接', '已复制'] }}
                  data-testid="invite-link"
                >
                  {link}
                </Typography.Text>
              </div>
              <Typography.Text type="secondary">{ruleText(d.rewardBids, d.rewardHolder)}</Typography.Text>
              <Space size={48}>
                <Statistic title="已邀请注册" value={d.invitedTotal} suffix="人" />
                <Statistic title="已获赠额度" value={d.rewardedBidsTotal} suffix="份" />
              </Space>
            </Space>
          </Space>
        )}
      </Panel>
      <Panel title="邀请记录">
        <Table<InvitedUser>
          rowKey={(r) => `${r.account}-${r.createTime}`}
          data-testid="invitees"
          loading={info.isPending}
          dataSource={d?.invitees ?? []}
          pagination={false}
          locale={{ emptyText: <Empty description="还没有好友通过您的邀请注册" /> }}
          columns={[
            { title: '好友账号', dataIndex: 'account' },
            { title: '注册时间', dataIndex: 'createTime', render: (v: string) => formatTime(v) },
            { title: '奖励额度', dataIndex: 'rewardBids', render: (v: number) => (v > 0 ? `${v} 份` : '无') },
          ]}
        />
        {d && d.invitedTotal > INVITE_LIST_MAX ? (
          <Typography.Text type="secondary">只列出最近 {INVITE_LIST_MAX} 位。</Typography.Text>
        ) : null}
      </Panel>
    </PageFrame>
  );
}
