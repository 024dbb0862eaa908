import { Button, Empty, Input, Result, Skeleton, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { CONTENT_KIND_LABEL } from '@bid/shared';
import { PublicBanner } from '../../components/PublicBanner.tsx';
import { contentQueries } from '../../features/content/api.ts';
import { Highlighted } from '../../features/content/Highlighted.tsx';

const SUGGESTIONS = ['全文写作', '导出 Word', '额度', '发票', '版本'];

/** `/search.html?q=`: search over help articles, FAQs and news. The query lives in the URL so results can be shared. */
export default function SearchPage() {
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim().slice(0, 50);
  const query = useQuery(contentQueries.search(q));
  const hits = query.data ?? [];
  const search = (value: string) => setParams(value.trim() ? { q: value.trim() } : {}, { replace: true });
  return (
    <>
      <PublicBanner
        title="搜索帮助与动态"
        subtitle="输入关键词，查找使用帮助、常见问题和产品动态。"
        crumbs={[{ label: '搜索' }]}
      />
      <div className="bs-container bs-content">
        <div className="bs-search-box">
          {/* A real form: Enter pressed before the page is interactive (or without JavaScript) loads the
              server-rendered results; once it is, Input.Search handles Enter and the form stays put. */}
          <form role="search" action="/search.html" method="get" onSubmit={(e) => e.preventDefault()}>
            <Input.Search
              key={q}
              name="q"
              defaultValue={q}
              placeholder="例如：全文写作、导出 Word、额度"
              enterButton="搜索"
              size="large"
              allowClear
              onSearch={search}
              aria-label="搜索关键词"
            />
          </form>
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
          ) : query.isError ? (
            <Result
              status="warning"
              title="搜索失败"
              subTitle="请检查网络后重试。"
              extra={
                <Button type="primary" onClick={() => void query.refetch()}>
                  重试
                </Button>
              }
            />
          ) : query.isPending ? (
            <Skeleton active />
          ) : hits.length === 0 ? (
            <Empty description={`没有找到与“${q}”相关的内容，换个关键词试试，或联系左下角的客服。`} />
          ) : (
            <>
              <p style={{ marginTop: 0 }}>
                找到 {hits.length} 条与“{q}”相关的内容
              </p>
              {hits.map((h) => (
                <Link key={h.href} to={h.href} className="bs-search-hit">
                  <h3>
                    <Tag color="blue">{CONTENT_KIND_LABEL[h.kind]}</Tag>
                    <Highlighted text={h.title} ranges={h.titleHighlights} />
                  </h3>
                  <p>
                    <Highlighted text={h.snippet} ranges={h.snippetHighlights} />
                  </p>
                </Link>
              ))}
            </>
          )}
        </div>
      </div>
    </>
  );
}
