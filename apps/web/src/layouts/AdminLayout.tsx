import { Button, Layout, Result, Tag } from 'antd';
import { Outlet, useNavigate } from 'react-router';
import { Logo } from '../components/Logo.tsx';
import { NavLink } from '../components/NavLink.tsx';
import { PageLoading } from '../components/PageLoading.tsx';
import { UserMenu } from '../components/UserMenu.tsx';
import { useSession } from '../stores/session.ts';
import { isOperator } from '../features/commerce/operator.ts';

const NAV = [
  { to: '/admin', label: '运营概览' },
  { to: '/admin/orders', label: '订单管理' },
  { to: '/admin/users', label: '用户与企业' },
  { to: '/admin/packages', label: '套餐与优惠码' },
  { to: '/admin/invoices', label: '发票管理' },
  { to: '/admin/feedback', label: '意见反馈' },
  { to: '/admin/ai', label: 'AI 服务商' },
  { to: '/admin/templates', label: 'Word 模板' },
  { to: '/admin/content', label: '内容管理' },
  { to: '/admin/notices', label: '公告管理' },
  { to: '/admin/audit', label: '操作日志' },
  { to: '/home', label: '返回工作台' },
];

/** The operators' console: its own header and navigation; anyone else sees a 403 page (the server refuses them too). */
export default function AdminLayout() {
  const user = useSession((s) => s.user);
  const loaded = useSession((s) => s.loaded);
  const navigate = useNavigate();
  let content = <Outlet />;
  if (!user && !loaded) content = <PageLoading />;
  else if (!isOperator(user)) {
    content = (
      <Result
        status="403"
        title="仅运营人员可以访问"
        subTitle="运营后台只对运营人员开放。"
        extra={
          <Button type="primary" onClick={() => navigate('/home')}>
            返回工作台
          </Button>
        }
      />
    );
  }
  return (
    <Layout className="bs-shell bs-shell--admin" data-layout="admin">
      <Layout.Header className="bs-shell__header">
        <div className="bs-shell__brand">
          <Logo to="/admin" />
        </div>
        <Tag color="volcano">运营后台</Tag>
        <nav className="bs-shell__nav" aria-label="运营后台导航">
          {NAV.map((item) => (
            <NavLink key={item.to} to={item.to}>
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="bs-shell__right">
          <UserMenu />
        </div>
      </Layout.Header>
      <Layout.Content className="bs-shell__content">{content}</Layout.Content>
    </Layout>
  );
}
