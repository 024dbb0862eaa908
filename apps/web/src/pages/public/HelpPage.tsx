import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PublicBanner } from '../../components/PublicBanner.tsx';
import { NavLink } from '../../components/NavLink.tsx';
import { StartButton } from '../../components/StartButton.tsx';
import { usePageTitle } from '../../router/title.ts';
import { ContentBody } from '../../features/content/ContentBody.tsx';
import { contentQueries } from '../../features/content/api.ts';
import { usePublicItem } from './usePublicItem.ts';

/** `/help/{code}.html`: one help article with the list of all articles beside it. */
export default function HelpPage() {
  const { item: article, failed, retry } = usePublicItem('help');
  const articles = useQuery(contentQueries.list('help')).data ?? [];
  usePageTitle(article ? `${article.title} - 帮助中心` : '帮助中心');
  return (
    <>
      <PublicBanner title={article?.title ?? '帮助中心'} subtitle={article?.summary} crumbs={[{ to: '/help/getting-started.html', label: '帮助中心' }, { label: article?.title ?? '' }]} />
      <div className="bs-container bs-content bs-two-col">
        <article className="bs-article">
          <ContentBody html={article?.html} failed={failed} retry={retry} />
          <p>
            还有疑问？查看<Link to="/more/question.html">常见问题</Link>，或点击左下角联系客服。
          </p>
        </article>
        <aside className="bs-side-card">
          <h2>帮助中心</h2>
          <ul>
            {articles.map((a) => (
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
