import { useQuery } from '@tanstack/react-query';
import type { ContentKind } from '@bid/shared';
import { StartButton } from '../../components/StartButton.tsx';
import { usePageTitle } from '../../router/title.ts';
import { ContentBody } from '../../features/content/ContentBody.tsx';
import { contentQueries } from '../../features/content/api.ts';
import { usePublicItem } from './usePublicItem.ts';
import { ARTICLE_COPY, ArticleView } from './ArticleView.tsx';

/** `/help/{code}.html`, `/question/{code}.html`, `/dynamic/{code}.html` in the whole app. */
export function ArticlePage({ kind }: { kind: ContentKind }) {
  const { item, failed, retry } = usePublicItem(kind);
  const list = useQuery(contentQueries.list(kind)).data ?? [];
  const section = ARTICLE_COPY[kind].section;
  usePageTitle(item ? `${item.title} - ${section}` : section);
  return (
    <ArticleView
      kind={kind}
      item={item}
      list={list}
      body={<ContentBody html={item?.html} failed={failed} retry={retry} />}
      start={
        kind === 'help' ? (
          <StartButton type="primary" block>
            开始写标书
          </StartButton>
        ) : undefined
      }
    />
  );
}
