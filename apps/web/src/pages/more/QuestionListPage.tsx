import { Collapse, Empty, Skeleton } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PublicBanner } from '../../components/PublicBanner.tsx';
import { contentQueries } from '../../features/content/api.ts';

/** `/more/question.html`: all frequently asked questions, grouped by category. */
export default function QuestionListPage() {
  const list = useQuery(contentQueries.list('question'));
  const faqs = list.data ?? [];
  const categories = [...new Set(faqs.map((f) => f.category || '其他'))];
  return (
    <>
      <PublicBanner
        title="常见问题"
        subtitle="关于使用、额度、导出与账号的常见问题。"
        crumbs={[{ label: '常见问题' }]}
      />
      <div className="bs-container bs-content">
        <div className="bs-article" style={{ maxWidth: 'none' }}>
          {list.isPending ? <Skeleton active /> : null}
          {list.isError ? <Empty description="常见问题加载失败，请刷新重试" /> : null}
          {list.data?.length === 0 ? <Empty description="暂无常见问题" /> : null}
          {categories.map((c) => (
            <section key={c} style={{ marginBottom: 28 }}>
              <h2 style={{ marginTop: 0 }}>{c}</h2>
              <Collapse
                items={faqs
                  .filter((f) => (f.category || '其他') === c)
                  .map((f) => ({
                    key: f.id,
                    label: f.title,
                    children: (
                      <>
                        <p style={{ marginTop: 0 }}>{f.summary}</p>
                        <Link to={`/question/${f.code}.html`}>查看详情</Link>
                      </>
                    ),
                  }))}
              />
            </section>
          ))}
        </div>
      </div>
    </>
  );
}
