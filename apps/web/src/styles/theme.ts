import type { ThemeConfig } from 'antd';

export const BRAND = '#1d4ed8';
export const FONT_FAMILY =
  '-apple-system, BlinkMacSystemFont, "PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", "Hiragino Sans GB", "Segoe UI", Roboto, sans-serif';

/** antd theme: brand blue, system Chinese fonts, slightly rounder corners than the default. */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: BRAND,
    colorInfo: BRAND,
    colorLink: BRAND,
    colorSuccess: '#16a34a',
    colorWarning: '#d97706',
    colorError: '#dc2626',
    colorTextBase: '#0f172a',
    colorBgLayout: '#f5f7fb',
    borderRadius: 8,
    fontFamily: FONT_FAMILY,
    fontSize: 14,
  },
  components: {
    Layout: {
      headerBg: '#ffffff',
      siderBg: '#ffffff',
      bodyBg: '#f5f7fb',
      headerHeight: 64,
      headerPadding: '0 24px',
    },
    Menu: {
      itemBorderRadius: 8,
      itemHeight: 42,
      itemSelectedBg: '#eff4ff',
      itemSelectedColor: BRAND,
      itemHoverBg: '#f3f6fc',
      iconSize: 16,
    },
    Button: { fontWeight: 500 },
    Card: { borderRadiusLG: 12 },
  },
};
