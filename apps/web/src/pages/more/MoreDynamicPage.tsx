import { Link } from 'react-router';
import { PublicBanner } from '../../components/PublicBanner.tsx';
import { NEWS } from '../public/content.ts';

/** `/more/more-dynamic.html`: all news and product updates. */
export default function MoreDynamicPage() {
  return (
    <>
      <PublicBanner title="更多动态" subtitle="产品更新与使用技巧。" crumbs={[{ label: '更多动态' }]} />
      <div className="bs-container bs-content">
        <div className="bs-card-grid">
          {NEWS.map((n) => (
            <Link key={n.id} to={`/dynamic/${n.id}.html`} className="bs-tile">
              <span className="bs-tile__tag">{n.category}</span>
              <h3>{n.title}</h3>
              <p>{n.summary}</p>
            </Link>
          ))}
        </div>
      </div>
    </>
  );
}
