import { Tag } from 'antd';
import { PublicBanner } from '../../components/PublicBanner.tsx';
import { NavLink } from '../../components/NavLink.tsx';
import { usePageTitle } from '../../router/title.ts';
import { findNews, NEWS } from './content.ts';
import { usePublicItem } from './usePublicItem.ts';

/** `/dynamic/{id}.html`: one news article (product updates, tips). */
export default function DynamicPage() {
  const item = usePublicItem(findNews);
  usePageTitle(`${item.title} - 产品动态`);
  return (
    <>
      <PublicBanner title={item.title} subtitle={item.summary} crumbs={[{ to: '/more/more-dynamic.html', label: '更多动态' }, { label: item.title }]} />
      <div className="bs-container bs-content bs-two-col">
        <article className="bs-article">
          <Tag color="blue">{item.category}</Tag>
          {item.body.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </article>
        <aside className="bs-side-card">
          <h3>更多动态</h3>
          <ul>
            {NEWS.map((n) => (
              <li key={n.id}>
                <NavLink to={`/dynamic/${n.id}.html`}>{n.title}</NavLink>
              </li>
            ))}
          </ul>
        </aside>
      </div>
    </>
  );
}
