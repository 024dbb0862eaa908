import { Link } from 'react-router';
import { TeamOutlined, UserAddOutlined } from '@ant-design/icons';
import { useSession } from '../../../stores/session.ts';
import { PageFrame, Panel } from '../../../components/PageFrame.tsx';
import { menuGroups } from '../../../components/SideMenu.tsx';

const TEXTS: Record<string, string> = {
  '/home': '额度、快捷入口与最近的标书',
  '/home/crtBidBook': '从招标文件开始一份新标书',
  '/home/book': '继续写作、导出 Word',
  '/home/historyBook': '已完成的标书与回收站',
  '/home/bidingParse': '生成招标文件解读报告',
  '/home/bidingDiff': '投标前自查雷同风险',
  '/home/knowledgeBase': '资质、业绩、人员与过往标书',
  '/home/picture': '写作可用的图片',
  '/home/invite': '邀请好友，获得赠送额度',
  '/home/employees': '添加、查看和移除企业员工',
};

/** `/home/navigation`: every feature on one page, plus the employees section of company accounts. */
export default function NavigationPage() {
  const company = useSession((s) => s.company);
  return (
    <PageFrame title="功能导航" description="标书 AI 的全部功能。">
      {menuGroups(company).map((g) => (
        <Panel key={g.title} title={g.title}>
          <div className="bs-grid-4">
            {g.entries.map((e) => (
              <Link key={e.to} to={e.to} className="bs-action-tile">
                <span className="bs-action-tile__icon" style={{ color: '#1d4ed8', background: '#eff4ff' }}>
                  {e.icon}
                </span>
                <span className="bs-action-tile__text">
                  <strong>{e.label}</strong>
                  <span>{TEXTS[e.to] ?? ''}</span>
                </span>
              </Link>
            ))}
          </div>
        </Panel>
      ))}
      <Panel
        id="employees"
        title={
          <>
            <TeamOutlined /> 员工管理
          </>
        }
      >
        {company ? (
          <p style={{ margin: 0, color: '#64748b' }}>
            企业管理员可以按手机号邀请员工（对方登录后在工作台接受邀请才加入）、查看员工列表和移除员工。员工使用企业额度写标书。{' '}
            <Link to="/home/employees">
              <UserAddOutlined /> 前往员工管理
            </Link>
          </p>
        ) : (
          <p style={{ margin: 0, color: '#64748b' }}>
            员工管理面向企业账号。需要为团队开通企业账号，请联系左下角的客服。
          </p>
        )}
      </Panel>
    </PageFrame>
  );
}
