import { Avatar, Badge, Dropdown, type MenuProps } from 'antd';
import {
  AppstoreOutlined,
  DownOutlined,
  GiftOutlined,
  IdcardOutlined,
  LogoutOutlined,
  UserOutlined,
  CompassOutlined,
  ShoppingOutlined,
  DashboardOutlined,
  MessageOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { maskPhone } from '@bid/shared';
import { reloadTo } from '../lib/navigation.ts';
import { forgetLoginRedirect } from '../router/loginRedirect.ts';
import { useSession } from '../stores/session.ts';
import { isOperator } from '../features/commerce/operator.ts';
import { feedbackApi, feedbackKeys } from '../features/feedback/api.ts';

/** Avatar with the masked account; menu to the workbench, invitations and logout. */
export function UserMenu() {
  const user = useSession((s) => s.user);
  const navigate = useNavigate();
  const account = maskPhone(user?.account ?? '') || '我的账号';
  // Operators' replies the user has not read yet: a dot on the avatar and a count on 意见反馈.
  const unread =
    useQuery({
      queryKey: feedbackKeys.unread,
      queryFn: () => feedbackApi.unread(),
      enabled: Boolean(user),
      staleTime: 60_000,
    }).data?.unread ?? 0;

  const items: MenuProps['items'] = [
    {
      key: 'account',
      label: <span data-testid="user-account-full">{account}</span>,
      disabled: true,
      icon: <UserOutlined />,
    },
    { type: 'divider' },
    { key: '/home', label: '工作台', icon: <AppstoreOutlined /> },
    { key: '/home/account', label: '个人中心', icon: <IdcardOutlined /> },
    { key: '/home/packages', label: '套餐与订单', icon: <ShoppingOutlined /> },
    { key: '/home/navigation', label: '功能导航', icon: <CompassOutlined /> },
    { key: '/home/invite', label: '邀请有礼', icon: <GiftOutlined /> },
    {
      key: '/home/feedback',
      label: unread ? (
        <Badge count={unread} size="small" offset={[10, 0]}>
          意见反馈
        </Badge>
      ) : (
        '意见反馈'
      ),
      icon: <MessageOutlined />,
    },
    ...(isOperator(user) ? [{ key: '/admin', label: '运营后台', icon: <DashboardOutlined /> }] : []),
    { type: 'divider' },
    { key: 'logout', label: '退出登录', icon: <LogoutOutlined />, danger: true },
  ];

  const onClick: MenuProps['onClick'] = async ({ key }) => {
    if (key === 'logout') {
      await useSession.getState().logout();
      forgetLoginRedirect();
      // A full load of / drops everything the previous user's pages cached (queries, drafts in memory).
      reloadTo('/');
      return;
    }
    navigate(key);
  };

  return (
    <Dropdown
      menu={{ items, onClick }}
      placement="bottomRight"
      trigger={['click']}
      // Inside the sticky header the menu scrolls with its button; in <body> it drifted off the button when the
      // page scrolled with the menu open, until the next realign moved it back under the pointer.
      getPopupContainer={(trigger) => trigger.closest('header') ?? document.body}
    >
      <button
        type="button"
        className="bs-user"
        aria-label="账号菜单"
        style={{ border: 'none', background: 'transparent' }}
      >
        <Badge dot={unread > 0} title={unread ? `${unread} 条新回复` : undefined}>
          <Avatar size={30} style={{ background: '#1d4ed8' }} icon={<UserOutlined />} />
        </Badge>
        <span className="bs-user__name" data-testid="user-account">
          {account}
        </span>
        <DownOutlined style={{ fontSize: 11 }} />
      </button>
    </Dropdown>
  );
}
