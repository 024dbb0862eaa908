import { Button, Tooltip } from 'antd';
import { AppstoreOutlined, SearchOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { Logo } from './Logo.tsx';
import { NavLink } from './NavLink.tsx';
import { LoginEntry } from './LoginEntry.tsx';
import { UserMenu } from './UserMenu.tsx';
import { useSession } from '../stores/session.ts';
import { SITE_NAV } from './siteNav.ts';

export { SITE_NAV } from './siteNav.ts';

/** Header of the public site: logo, navigation, search, and login or the user's entry to the workbench. */
export function SiteHeader() {
  const token = useSession((s) => s.token);
  const navigate = useNavigate();
  return (
    <header className="bs-site-header">
      <div className="bs-container bs-site-header__inner">
        <Logo />
        <nav className="bs-site-nav" aria-label="主导航">
          {SITE_NAV.map((item) => (
            <NavLink key={item.to} to={item.to}>
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="bs-site-header__actions">
          <Tooltip title="搜索帮助与动态">
            <Button type="text" shape="circle" icon={<SearchOutlined />} aria-label="搜索" onClick={() => navigate('/search.html')} />
          </Tooltip>
          {token ? (
            <>
              <Button type="primary" icon={<AppstoreOutlined />} onClick={() => navigate('/home')}>
                进入工作台
              </Button>
              <UserMenu />
            </>
          ) : (
            <>
              <LoginEntry type="text">登录</LoginEntry>
              <LoginEntry type="primary">免费试用</LoginEntry>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
