import { LinkList, type SiteLink } from './LinkList.tsx';
import { Logo } from './Logo.tsx';
import type { ClientConfig } from '@bid/shared';
import { contactLine } from './clientConfig.ts';

const COLUMNS: Array<{ title: string; links: SiteLink[] }> = [
  {
    title: '产品',
    links: [
      { to: '/demo', label: '产品演示' },
      { to: '/sse', label: '实时写作' },
      { to: '/more/make-book.html', label: '如何制作标书' },
      { to: '/more/video.html', label: '视频教程' },
    ],
  },
  {
    title: '帮助',
    links: [
      { to: '/more/question.html', label: '常见问题' },
      { to: '/search.html', label: '搜索帮助' },
      { to: '/help/getting-started.html', label: '新手入门' },
      { to: '/more/website-map.html', label: '网站地图' },
    ],
  },
  {
    title: '关于',
    links: [
      { to: '/more/call-me.html', label: '联系我们' },
      { to: '/more/partner.html', label: '合作伙伴' },
      { to: '/more/more-dynamic.html', label: '更多动态' },
      { to: '/more/welfare.html', label: '用户福利' },
    ],
  },
];

/** Footer with the operator's company name and registration number; no request layer (the landing island shows it too). */
export function SiteFooterView({ config }: { config: ClientConfig }) {
  const year = new Date().getFullYear();
  return (
    <footer className="bs-site-footer">
      <div className="bs-container">
        <div className="bs-site-footer__grid">
          <div className="bs-site-footer__about">
            <Logo light />
            <p>
              标书 AI 帮助投标人把招标文件变成完整、规范的投标文件：解析招标文件、生成大纲与正文、导出 Word。
            </p>
            {contactLine(config.customerService) ? (
              <p>
                客服 {contactLine(config.customerService)}
                {config.customerService.hours ? ` · ${config.customerService.hours}` : ''}
              </p>
            ) : null}
          </div>
          {COLUMNS.map((col) => (
            <div key={col.title}>
              <h2>{col.title}</h2>
              <LinkList links={col.links} />
            </div>
          ))}
        </div>
        <div className="bs-site-footer__bottom">
          <span data-testid="footer-company">
            © {year} {config.companyName} 版权所有
          </span>
          {config.registrationNo ? (
            <span data-testid="footer-registration">{config.registrationNo}</span>
          ) : null}
        </div>
      </div>
    </footer>
  );
}
