import { Empty, Skeleton } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PublicBanner } from '../../components/PublicBanner.tsx';
import { contentQueries } from '../../features/content/api.ts';

/** `/more/more-dynamic.html`: all news and product updates. */
export default function MoreDynamicPage() {
  const news = useQuery(contentQueries.list('news'));
  return (
    <>
      <PublicBanner title="更多动态" subtitle="产品更新与使用技巧。" crumbs={[{ label: '更多动态' }]} />
      <div className="bs-container bs-content">
        {news.isPending ? <Skeleton active /> : null}
        {news.isError ? <Empty description="动态加载失败，请刷新重试" /> : null}
        {news.data?.length === 0 ? <Empty description="暂无动态" /> : null}
        <div className="bs-card-grid">
          {(news.data ?? []).map((n) => (
            <Link key={n.id} to={`/dynamic/${n.code}.html`} className="bs-tile">
              {n.category ? <span className="bs-tile__tag">{n.category}</span> : null}
              <h3>{n.title}</h3>
              <p>{n.summary}</p>
            </Link>
          ))}
        </div>
      </div>
    </>
  );
}
