import { Button } from 'antd';
import {
  BulbOutlined,
  DatabaseOutlined,
  DiffOutlined,
  FileSearchOutlined,
  PlusOutlined,
  FileTextOutlined,
} from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { formatTime, maskPhone } from '@bid/shared';
import { useSession } from '../../stores/session.ts';
import { PageFrame, Panel } from '../../components/PageFrame.tsx';
import { quotaSummary } from '../../components/quota.ts';
import { useClientConfig } from '../../components/useClientConfig.ts';
import { InvitationNotice } from '../../features/account/InvitationNotice.tsx';
import { RecentBids } from './RecentBids.tsx';

export function greeting(hour: number): string {
  if (hour < 6) return '夜深了';
  if (hour < 11) return '上午好';
  if (hour < 13) return '中午好';
  if (hour < 18) return '下午好';
  return '晚上好';
}

const ACTIONS = [
  {
    to: '/home/crtBidBook',
    title: '新建标书',
    text: '从招标文件开始写',
    icon: <PlusOutlined />,
    color: '#1d4ed8',
    bg: '#eff4ff',
  },
  {
    to: '/home/bidingParse',
    title: '招标文件解读',
    text: '生成结构化解读报告',
    icon: <FileSearchOutlined />,
    color: '#0891b2',
    bg: '#ecfeff',
  },
  {
    to: '/home/bidingDiff',
    title: '标书查重',
    text: '投标前自查雷同风险',
    icon: <DiffOutlined />,
    color: '#7c3aed',
    bg: '#f5f3ff',
  },
  {
    to: '/home/knowledgeBase',
    title: '知识库',
    text: '资质、业绩与人员资料',
    icon: <DatabaseOutlined />,
    color: '#16a34a',
    bg: '#f0fdf4',
  },
];

/** `/home`: the workbench: greeting, quota, quick actions, recent bids, writing tips. */
export default function HomePage() {
  const user = useSession((s) => s.user);
  const navigate = useNavigate();
  const { loadingTips } = useClientConfig();
  const quota = quotaSummary(user);
  const name = user?.userName || maskPhone(user?.account ?? '') || '欢迎回来';

  return (
    <PageFrame title="工作台" description="从这里开始新的标书，或继续上次的写作。">
      <InvitationNotice />
      <div className="bs-welcome">
        <div>
          <h2>
            {greeting(new Date().getHours())}，{name}
          </h2>
          <p>上传招标文件，AI 帮您生成大纲、撰写正文，最后导出 Word。</p>
        </div>
        <div className="bs-welcome__actions">
          <Button size="large" icon={<PlusOutlined />} onClick={() => navigate('/home/crtBidBook')}>
            新建标书
          </Button>
          <Button size="large" ghost icon={<FileTextOutlined />} onClick={() => navigate('/home/book')}>
            我的标书
          </Button>
        </div>
      </div>

      <div className="bs-grid-3" style={{ gridTemplateColumns: '1fr 2fr' }}>
        <Panel title="我的额度">
          <div className="bs-quota-card__total" data-testid="quota-total">
            {quota.unlimitedUntil ? (
              <>
                <strong>不限次数</strong>
                <span>至 {formatTime(quota.unlimitedUntil, 'YYYY-MM-DD')}</span>
              </>
            ) : (
              <>
                <strong>{quota.total}</strong>
                <span>份可用</span>
              </>
            )}
          </div>
          <div className="bs-quota-card__rows">
            {quota.parts.map((p) => (
              <span key={p.label}>
                {p.label}
                <b>{p.value}</b>
              </span>
            ))}
          </div>
          <p style={{ margin: '16px 0 0', color: '#64748b', fontSize: 13 }}>
            新建一份标书消耗 1 份额度，修改、重写与导出不另外计费。
          </p>
        </Panel>
        <Panel title="快捷入口">
          <div className="bs-grid-2">
            {ACTIONS.map((a) => (
              <Link key={a.to} to={a.to} className="bs-action-tile">
                <span className="bs-action-tile__icon" style={{ color: a.color, background: a.bg }}>
                  {a.icon}
                </span>
                <span className="bs-action-tile__text">
                  <strong>{a.title}</strong>
                  <span>{a.text}</span>
                </span>
              </Link>
            ))}
          </div>
        </Panel>
      </div>

      <div className="bs-grid-3" style={{ gridTemplateColumns: '2fr 1fr' }}>
        <Panel title="最近的标书" extra={<Link to="/home/book">全部标书</Link>}>
          <RecentBids />
        </Panel>
        <Panel title="写作小贴士">
          <ul className="bs-list-plain">
            {loadingTips.map((t) => (
              <li key={t}>
                <BulbOutlined />
                <span>{t}</span>
              </li>
            ))}
          </ul>
        </Panel>
      </div>
    </PageFrame>
  );
}
