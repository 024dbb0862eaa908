import { Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { PublicBanner } from '../../components/PublicBanner.tsx';
import { NavLink } from '../../components/NavLink.tsx';
import { usePageTitle } from '../../router/title.ts';
import { ContentBody } from '../../features/content/ContentBody.tsx';
import { contentQueries } from '../../features/content/api.ts';
import { usePublicItem } from './usePublicItem.ts';

/** `/dynamic/{id}.html`: one news article (product updates, tips). */
export default function DynamicPage() {
  const { item, failed, retry } = usePublicItem('news');
  const news = useQuery(contentQueries.list('news')).data ?? [];
  usePageTitle(item ? `${item.title} - 产品动态` : '产品动态');
  return (
    <>
      <PublicBanner title={item?.title ?? '产品动态'} subtitle={item?.summary} crumbs={[{ to: '/more/more-dynamic.html', label: '更多动态' }, { label: item?.title ?? '' }]} />
      <div className="bs-container bs-content bs-two-col">
        <article className="bs-article">
          {item?.category ? <Tag color="blue">{item.category}</Tag> : null}
          <ContentBody html={item?.html} failed={failed} retry={retry} />
        </article>
        <aside className="bs-side-card">
          <h2>更多动态</h2>
          <ul>
            {news.map((n) => (
              <li key={n.id}>
                <NavLink to={`/dynamic/${n.code}.html`}>{n.title}</NavLink>
              </li>
            ))}
          </ul>
        </aside>
      </div>
    </>
  );
}
