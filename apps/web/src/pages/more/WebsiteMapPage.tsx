import { useQuery } from '@tanstack/react-query';
import { LinkList } from '../../components/LinkList.tsx';
import { contentHref, MORE_PAGES, type ContentKind } from '@bid/shared';
import { PublicBanner } from '../../components/PublicBanner.tsx';
import { MORE_TITLES, PUBLIC_TITLES } from '../../router/table.ts';
import { contentQueries } from '../../features/content/api.ts';

function useContentLinks(kind: ContentKind) {
  return (useQuery(contentQueries.list(kind)).data ?? []).map((a) => ({
    to: contentHref(kind, a.code),
    label: a.title,
  }));
}

/** `/more/website-map.html`: every public page, for people and search engines. */
export default function WebsiteMapPage() {
  const help = useContentLinks('help');
  const faqs = useContentLinks('question');
  const news = useContentLinks('news');
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
    { title: '帮助中心', links: help },
    { title: '常见问题', links: faqs },
    { title: '产品动态', links: news },
  ];
  return (
    <>
      <PublicBanner title="网站地图" subtitle="标书 AI 的全部公开页面。" crumbs={[{ label: '网站地图' }]} />
      <div className="bs-container bs-content">
        <div className="bs-card-grid">
          {sections.map((s) => (
            <div className="bs-side-card" key={s.title}>
              <h3>{s.title}</h3>
              <LinkList links={s.links} />
            </div>
          ))}
        </div>
      </div>
    </>
  );
}
