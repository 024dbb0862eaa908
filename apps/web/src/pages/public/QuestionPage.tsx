import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PublicBanner } from '../../components/PublicBanner.tsx';
import { NavLink } from '../../components/NavLink.tsx';
import { usePageTitle } from '../../router/title.ts';
import { ContentBody } from '../../features/content/ContentBody.tsx';
import { contentQueries } from '../../features/content/api.ts';
import { usePublicItem } from './usePublicItem.ts';

/** `/question/{id}.html`: one frequently asked question and its answer. */
export default function QuestionPage() {
  const { item: faq, failed, retry } = usePublicItem('question');
  const faqs = useQuery(contentQueries.list('question')).data ?? [];
  usePageTitle(faq ? `${faq.title} - 常见问题` : '常见问题');
  return (
    <>
      <PublicBanner title={faq?.title ?? '常见问题'} subtitle={faq?.category ? `分类：${faq.category}` : undefined} crumbs={[{ to: '/more/question.html', label: '常见问题' }, { label: faq?.title ?? '' }]} />
      <div className="bs-container bs-content bs-two-col">
        <article className="bs-article">
          <ContentBody html={faq?.html} failed={failed} retry={retry} />
          <p>
            没有解决您的问题？<Link to="/search.html">搜索帮助</Link>，或点击左下角联系客服。
          </p>
        </article>
        <aside className="bs-side-card">
          <h2>其他常见问题</h2>
          <ul>
            {faqs.map((f) => (
              <li key={f.id}>
                <NavLink to={`/question/${f.code}.html`}>{f.title}</NavLink>
              </li>
            ))}
          </ul>
        </aside>
      </div>
    </>
  );
}
