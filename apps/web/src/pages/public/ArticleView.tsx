import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ContentDetail, ContentListItem } from '@bid/shared';
import { contentHref, type ContentKind } from '@bid/shared/schemas/contentKinds';
import { PublicBanner, type Crumb } from '../../components/PublicBanner.tsx';
import { NavLink } from '../../components/NavLink.tsx';

interface ArticleCopy {
  /** Banner title before the item has loaded, and the page title's suffix. */
  section: string;
  crumb: Crumb;
  sideHeading: string;
  subtitle: (item: ContentDetail) => string | undefined;
  /** The line under the text pointing to more help. */
  note: ReactNode;
}

export const ARTICLE_COPY: Record<ContentKind, ArticleCopy> = {
  help: {
    section: '帮助中心',
    crumb: { to: '/help/getting-started.html', label: '帮助中心' },
    sideHeading: '帮助中心',
    subtitle: (item) => item.summary || undefined,
    note: (
      <>
        还有疑问？查看<Link to="/more/question.html">常见问题</Link>，或点击左下角联系客服。
      </>
    ),
  },
  question: {
    section: '常见问题',
    crumb: { to: '/more/question.html', label: '常见问题' },
    sideHeading: '其他常见问题',
    subtitle: (item) => (item.category ? `分类：${item.category}` : undefined),
    note: (
      <>
        没有解决您的问题？<Link to="/search.html">搜索帮助</Link>，或点击左下角联系客服。
      </>
    ),
  },
  news: {
    section: '产品动态',
    crumb: { to: '/more/more-dynamic.html', label: '更多动态' },
    sideHeading: '更多动态',
    subtitle: (item) => item.summary || undefined,
    note: null,
  },
};

export interface ArticleViewProps {
  kind: ContentKind;
  item: ContentDetail | undefined;
  list: ContentListItem[];
  /** The text, or the app's loading and retry states. */
  body: ReactNode;
  /** The help page's call to action under the list. */
  start?: ReactNode;
}

/**
 * A help article, FAQ answer or news item with its siblings beside it. Plain elements only: the whole
 * app (ArticlePage) and the light island (landing/IslandArticle) render it alike, so the island's
 * clicks can be handed to the same element when the whole app takes over.
 */
export function ArticleView({ kind, item, list, body, start }: ArticleViewProps) {
  const copy = ARTICLE_COPY[kind];
  return (
    <>
      <PublicBanner
        title={item?.title ?? copy.section}
        subtitle={item ? copy.subtitle(item) : undefined}
        crumbs={[copy.crumb, { label: item?.title ?? '' }]}
      />
      <div className="bs-container bs-content bs-two-col">
        <article className="bs-article">
          {kind === 'news' && item?.category ? <span className="bs-tag">{item.category}</span> : null}
          {body}
          {copy.note ? <p>{copy.note}</p> : null}
        </article>
        <aside className="bs-side-card">
          <h2>{copy.sideHeading}</h2>
          <ul>
            {list.map((a) => (
              <li key={a.code}>
                <NavLink to={contentHref(kind, a.code)}>{a.title}</NavLink>
              </li>
            ))}
          </ul>
          {start ? <div className="bs-side-card__action">{start}</div> : null}
        </aside>
      </div>
    </>
  );
}
