import type { ADMIN_ROUTES, HOME_CHILDREN, MORE_PAGES } from '@bid/shared';

export type HomeChild = (typeof HOME_CHILDREN)[number];
export type MorePage = (typeof MORE_PAGES)[number];

/**
 * Titles of every screen. The route lists themselves come from @bid/shared (HOME_CHILDREN, MORE_PAGES);
 * these records are keyed by them, so a route added there fails the typecheck until it has a title here
 * and a page in routes.tsx.
 */
export const HOME_TITLES: Record<HomeChild, string> = {
  '': '工作台',
  bidingDiff: '标书查重',
  'bidingDiff/detail': '查重详情',
  bidingParse: '招标文件解读',
  'bidingParse/analysisPage': '解读报告',
  book: '我的标书',
  'book/BidingWrite': '标书写作',
  crtBidBook: '新建标书',
  historyBook: '历史标书',
  invite: '邀请有礼',
  knowledgeBase: '知识库',
  'knowledgeBase/create': '新建知识',
  'knowledgeBase/private': '我的知识库',
  'knowledgeBase/public': '公共知识库',
  'knowledgeBase/publicFile': '公共知识文件',
  navigation: '功能导航',
  picture: '图片库',
  account: '个人中心',
  employees: '员工管理',
  packages: '套餐与订单',
  feedback: '意见反馈',
};

export const ADMIN_TITLES: Record<(typeof ADMIN_ROUTES)[number], string> = {
  '/admin': '运营概览',
  '/admin/orders': '订单管理',
  '/admin/users': '用户与企业',
  '/admin/packages': '套餐与优惠码',
  '/admin/audit': '操作日志',
  '/admin/invoices': '发票管理',
  '/admin/feedback': '意见反馈',
  '/admin/ai': 'AI 服务商',
  '/admin/templates': 'Word 模板',
  '/admin/content': '内容管理',
  '/admin/notices': '公告管理',
};

export const MORE_TITLES: Record<MorePage, string> = {
  'call-me.html': '联系我们',
  'make-book.html': '如何制作标书',
  'more-dynamic.html': '更多动态',
  'partner.html': '合作伙伴',
  'question.html': '常见问题',
  'video.html': '视频教程',
  'website-map.html': '网站地图',
  'welfare.html': '用户福利',
};

/** Public screens outside /more; `title: null` is the landing page (the product's own title). */
export const PUBLIC_TITLES = {
  '/': null,
  '/indexOld': '首页（旧版）',
  '/demo': '产品演示',
  '/sse': '实时写作',
  '/pop': '新用户专享',
  '/search.html': '搜索',
  '/dynamic': '产品动态',
  '/help': '帮助中心',
  '/question': '常见问题',
} as const;

export const NOT_FOUND_TITLE = '页面不存在';
export const ERROR_TITLE = '页面出错了';
