/** The public site's main navigation (no antd: the landing island shows it too). */
export const SITE_NAV = [
  { to: '/', label: '首页' },
  { to: '/demo', label: '产品演示' },
  { to: '/sse', label: '实时写作' },
  { to: '/more/make-book.html', label: '如何制作标书' },
  { to: '/more/question.html', label: '常见问题' },
  { to: '/more/call-me.html', label: '联系我们' },
];
