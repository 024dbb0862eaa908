import type { ReactNode } from 'react';
import { Menu, type MenuProps } from 'antd';
import {
  DashboardOutlined,
  DatabaseOutlined,
  DiffOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  GiftOutlined,
  HistoryOutlined,
  PictureOutlined,
  PlusCircleOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { useLocation } from 'react-router';
import { NavLink } from './NavLink.tsx';

export interface MenuEntry {
  to: string;
  label: string;
  icon: ReactNode;
  /** Only highlighted on the exact path (the workbench would otherwise match every /home screen). */
  exact?: boolean;
}

export interface MenuGroup {
  title: string;
  entries: MenuEntry[];
}

export const EMPLOYEES_ENTRY: MenuEntry = {
  to: '/home/employees',
  label: '员工管理',
  icon: <TeamOutlined />,
};

/** The /home side menu; the corporate layout adds the employees entry to the last group. */
export function menuGroups(corporate: boolean): MenuGroup[] {
  return [
    {
      title: '写标书',
      entries: [
        { to: '/home', label: '工作台', icon: <DashboardOutlined />, exact: true },
        { to: '/home/crtBidBook', label: '新建标书', icon: <PlusCircleOutlined /> },
        { to: '/home/book', label: '我的标书', icon: <FileTextOutlined /> },
        { to: '/home/historyBook', label: '历史标书', icon: <HistoryOutlined /> },
      ],
    },
    {
      title: '工具',
      entries: [
        { to: '/home/bidingParse', label: '招标文件解读', icon: <FileSearchOutlined /> },
        { to: '/home/bidingDiff', label: '标书查重', icon: <DiffOutlined /> },
      ],
    },
    {
      title: '资料',
      entries: [
        { to: '/home/knowledgeBase', label: '知识库', icon: <DatabaseOutlined /> },
        { to: '/home/picture', label: '图片库', icon: <PictureOutlined /> },
      ],
    },
    {
      title: corporate ? '企业' : '更多',
      entries: corporate
        ? [EMPLOYEES_ENTRY, { to: '/home/invite', label: '邀请有礼', icon: <GiftOutlined /> }]
        : [{ to: '/home/invite', label: '邀请有礼', icon: <GiftOutlined /> }],
    },
  ];
}

/** The entry to highlight: the longest one the path is inside of (exact-only entries must match exactly). */
export function selectedEntry(pathname: string, entries: MenuEntry[]): MenuEntry | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  let best: MenuEntry | undefined;
  for (const e of entries) {
    const target = e.to.split('#')[0];
    const hit = path === target || (!e.exact && path.startsWith(`${target}/`));
    if (hit && (!best || target.length > best.to.split('#')[0].length)) best = e;
  }
  return best;
}

export function SideMenu({ corporate }: { corporate: boolean }) {
  const { pathname } = useLocation();
  const groups = menuGroups(corporate);
  const selected = selectedEntry(
    pathname,
    groups.flatMap((g) => g.entries),
  );
  const items: MenuProps['items'] = groups.map((g) => ({
    type: 'group',
    key: g.title,
    label: g.title,
    children: g.entries.map((e) => ({
      key: e.to,
      icon: e.icon,
      label: <NavLink to={e.to}>{e.label}</NavLink>,
    })),
  }));
  return (
    <Menu mode="inline" items={items} selectedKeys={selected ? [selected.to] : []} aria-label="工作台菜单" />
  );
}
