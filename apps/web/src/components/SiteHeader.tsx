import { Button, Tooltip } from 'antd';
import { AppstoreOutlined, SearchOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { LoginEntry } from './LoginEntry.tsx';
import { UserMenu } from './UserMenu.tsx';
import { useSession } from '../stores/session.ts';
import { SiteHeaderFrame } from './SiteHeaderFrame.tsx';

export { SITE_NAV } from './siteNav.ts';

/** Header of the public site: logo, navigation, search, and login or the user's entry to the workbench. */
export function SiteHeader() {
  const token = useSession((s) => s.token);
  const navigate = useNavigate();
  return (
    <SiteHeaderFrame
      actions={
        <>
          <Tooltip title="搜索帮助与动态">
            <Button
              type="text"
              shape="circle"
              icon={<SearchOutlined />}
              aria-label="搜索"
              onClick={() => navigate('/search.html')}
            />
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
        </>
      }
    />
  );
}
