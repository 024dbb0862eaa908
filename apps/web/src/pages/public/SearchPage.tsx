import { Empty, Input, Tag } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { PublicBanner } from '../../components/PublicBanner.tsx';
import { searchContent } from './content.ts';

const SUGGESTIONS = ['全文写作', '导出 Word', '额度', '发票', '版本'];

/** `/search.html?q=`: search over help articles, FAQs and news. The query lives in the URL so results can be shared. */
export default function SearchPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const hits = searchContent(q);
  const search = (value: string) => setParams(value.trim() ? { q: value.trim() } : {}, { replace: true });
  return (
    <>
      <PublicBanner title="搜索帮助与动态" subtitle="输入关键词，查找使用帮助、常见问题和产品动态。" crumbs={[{ label: '搜索' }]} />
      <div className="bs-container bs-content">
        <div className="bs-search-box">
          <Input.Search key={q} defaultValue={q} placeholder="例如：全文写作、导出 Word、额度" enterButton="搜索" size="large" allowClear onSearch={search} aria-label="搜索关键词" />
          <div style={{ marginTop: 12 }}>
            <span style={{ color: '#64748b', marginRight: 8 }}>热门搜索：</span>
            {SUGGESTIONS.map((s) => (
              <Tag key={s} style={{ cursor: 'pointer' }} onClick={() => search(s)}>
                {s}
              </Tag>
            ))}
          </div>
        </div>
        <div className="bs-article" style={{ marginTop: 28 }}>
          {!q ? (
            <Empty description="输入关键词开始搜索" />
          ) : hits.length === 0 ? (
            <Empty description={`没有找到与“${q}”相关的内容，换个关键词试试，或联系左下角的客服。`} />
          ) : (
            <>
              <p style={{ marginTop: 0 }}>找到 {hits.length} 条与“{q}”相关的内容</p>
              {hits.map((h) => (
                <Link key={h.href} to={h.href} className="bs-search-hit">
                  <h3>
                    <Tag color="blue">{h.kindLabel}</Tag>
                    {h.title}
                  </h3>
                  <p>{h.summary}</p>
                </Link>
              ))}
            </>
          )}
        </div>
      </div>
    </>
  );
}
