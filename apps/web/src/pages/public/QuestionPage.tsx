import { Link } from 'react-router';
import { PublicBanner } from '../../components/PublicBanner.tsx';
import { NavLink } from '../../components/NavLink.tsx';
import { usePageTitle } from '../../router/title.ts';
import { FAQS, findFaq } from './content.ts';
import { usePublicItem } from './usePublicItem.ts';

/** `/question/{id}.html`: one frequently asked question and its answer. */
export default function QuestionPage() {
  const faq = usePublicItem(findFaq);
  usePageTitle(`${faq.question} - 常见问题`);
  return (
    <>
      <PublicBanner title={faq.question} subtitle={`分类：${faq.category}`} crumbs={[{ to: '/more/question.html', label: '常见问题' }, { label: faq.question }]} />
      <div className="bs-container bs-content bs-two-col">
        <article className="bs-article">
          {faq.answer.map((p) => (
            <p key={p}>{p}</p>
          ))}
          <p>
            没有解决您的问题？<Link to="/search.html">搜索帮助</Link>，或点击左下角联系客服。
          </p>
        </article>
        <aside className="bs-side-card">
          <h3>其他常见问题</h3>
          <ul>
            {FAQS.map((f) => (
              <li key={f.id}>
                <NavLink to={`/question/${f.id}.html`}>{f.question}</NavLink>
              </li>
            ))}
          </ul>
        </aside>
      </div>
    </>
  );
}
