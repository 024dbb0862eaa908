import { Layout, Tag } from 'antd';
import { Outlet } from 'react-router';
import { Logo } from '../components/Logo.tsx';
import { NavLink } from '../components/NavLink.tsx';
import { SideMenu } from '../components/SideMenu.tsx';
import { QuotaBadge } from '../components/QuotaBadge.tsx';
import { UserMenu } from '../components/UserMenu.tsx';
import { NoticeBar } from '../features/content/NoticeBar.tsx';

const TOP_NAV = [
  { to: '/home', label: '工作台' },
  { to: '/home/navigation', label: '功能导航' },
  { to: '/more/question.html', label: '帮助中心' },
  { to: '/', label: '官网首页' },
];

export interface WorkbenchFrameProps {
  /** Set by the corporate layout: the company shown in the header and the employees menu entry. */
  company?: { name: string };
}

/** The /home frame shared by both layouts: header (logo, nav, quota, user menu), side menu, content. */
export function WorkbenchFrame({ company }: WorkbenchFrameProps) {
  return (
    <Layout
      className={`bs-shell${company ? ' bs-shell--corporate' : ''}`}
      data-layout={company ? 'corporate' : 'default'}
    >
      <Layout.Header className="bs-shell__header">
        <div className="bs-shell__brand">
          <Logo to="/home" />
        </div>
        {company ? (
          <div className="bs-shell__company" data-testid="company-header">
            <span className="bs-shell__company-name" title={company.name}>
              {company.name || '我的企业'}
            </span>
            <Tag color="blue" variant="filled">
              企业
            </Tag>
          </div>
        ) : null}
        <nav className="bs-shell__nav" aria-label="顶部导航">
          {TOP_NAV.map((item) => (
            <NavLink key={item.to} to={item.to}>
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="bs-shell__right">
          <QuotaBadge />
          <UserMenu />
        </div>
      </Layout.Header>
      <Layout>
        <Layout.Sider width={220} className="bs-shell__sider" theme="light">
          <SideMenu corporate={Boolean(company)} />
          <div className="bs-shell__sider-foot">
            <strong>写作小提示</strong>
            粘贴招标文件中的项目概况和评分标准，生成效果最好。
          </div>
        </Layout.Sider>
        <Layout.Content className="bs-shell__content">
          <NoticeBar />
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
