import { Collapse } from 'antd';
import { Link } from 'react-router';
import { PublicBanner } from '../../components/PublicBanner.tsx';
import { FAQS } from '../public/content.ts';

/** `/more/question.html`: all frequently asked questions, grouped by category. */
export default function QuestionListPage() {
  const categories = [...new Set(FAQS.map((f) => f.category))];
  return (
    <>
      <PublicBanner title="常见问题" subtitle="关于使用、额度、导出与账号的常见问题。" crumbs={[{ label: '常见问题' }]} />
      <div className="bs-container bs-content">
        <div className="bs-article" style={{ maxWidth: 'none' }}>
          {categories.map((c) => (
            <section key={c} style={{ marginBottom: 28 }}>
              <h2 style={{ marginTop: 0 }}>{c}</h2>
              <Collapse
                items={FAQS.filter((f) => f.category === c).map((f) => ({
                  key: f.id,
                  label: f.question,
                  children: (
                    <>
                      {f.answer.map((p) => (
                        <p key={p} style={{ marginTop: 0 }}>
                          {p}
                        </p>
                      ))}
                      <Link to={`/question/${f.id}.html`}>查看详情</Link>
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
