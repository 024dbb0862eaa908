import { Link } from 'react-router';
import { PublicBanner } from '../../components/PublicBanner.tsx';
import { NavLink } from '../../components/NavLink.tsx';
import { StartButton } from '../../components/StartButton.tsx';
import { usePageTitle } from '../../router/title.ts';
import { findHelp, HELP_ARTICLES } from './content.ts';
import { usePublicItem } from './usePublicItem.ts';

/** `/help/{code}.html`: one help article with the list of all articles beside it. */
export default function HelpPage() {
  const article = usePublicItem(findHelp);
  usePageTitle(`${article.title} - 帮助中心`);
  return (
    <>
      <PublicBanner title={article.title} subtitle={article.summary} crumbs={[{ to: '/help/getting-started.html', label: '帮助中心' }, { label: article.title }]} />
      <div className="bs-container bs-content bs-two-col">
        <article className="bs-article">
          <ol>
            {article.body.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ol>
          <p>
            还有疑问？查看<Link to="/more/question.html">常见问题</Link>，或点击左下角联系客服。
          </p>
        </article>
        <aside className="bs-side-card">
          <h3>帮助中心</h3>
          <ul>
            {HELP_ARTICLES.map((a) => (
              <li key={a.code}>
                <NavLink to={`/help/${a.code}.html`}>{a.title}</NavLink>
              </li>
            ))}
          </ul>
          <div style={{ marginTop: 20 }}>
            <StartButton type="primary" block>
              开始写标书
            </StartButton>
          </div>
        </aside>
      </div>
    </>
  );
}
