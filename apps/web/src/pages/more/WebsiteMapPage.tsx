import { Link } from 'react-router';
import { MORE_PAGES } from '@bid/shared';
import { PublicBanner } from '../../components/PublicBanner.tsx';
import { MORE_TITLES, PUBLIC_TITLES } from '../../router/table.ts';
import { FAQS, HELP_ARTICLES, NEWS } from '../public/content.ts';

/** `/more/website-map.html`: every public page, for people and search engines. */
export default function WebsiteMapPage() {
  const sections = [
    {
      title: '网站',
      links: [
        { to: '/', label: '首页' },
        { to: '/demo', label: PUBLIC_TITLES['/demo'] },
        { to: '/sse', label: PUBLIC_TITLES['/sse'] },
        { to: '/pop', label: PUBLIC_TITLES['/pop'] },
        { to: '/search.html', label: PUBLIC_TITLES['/search.html'] },
        { to: '/indexOld', label: PUBLIC_TITLES['/indexOld'] },
      ],
    },
    { title: '更多', links: MORE_PAGES.map((p) => ({ to: `/more/${p}`, label: MORE_TITLES[p] })) },
    { title: '帮助中心', links: HELP_ARTICLES.map((a) => ({ to: `/help/${a.code}.html`, label: a.title })) },
    { title: '常见问题', links: FAQS.map((f) => ({ to: `/question/${f.id}.html`, label: f.question })) },
    { title: '产品动态', links: NEWS.map((n) => ({ to: `/dynamic/${n.id}.html`, label: n.title })) },
  ];
  return (
    <>
      <PublicBanner title="网站地图" subtitle="标书 AI 的全部公开页面。" crumbs={[{ label: '网站地图' }]} />
      <div className="bs-container bs-content">
        <div className="bs-card-grid">
          {sections.map((s) => (
            <div className="bs-side-card" key={s.title}>
              <h3>{s.title}</h3>
              <ul>
                {s.links.map((l) => (
                  <li key={l.to}>
                    <Link to={l.to}>{l.label}</Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </div>
    </>
  );
}
