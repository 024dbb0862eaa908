import { useParams } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { ContentDetail, ContentKind, ContentListItem } from '@bid/shared';
import { contentKeys } from '../features/content/keys.ts';
import { ArticleView } from '../pages/public/ArticleView.tsx';
import { htmlParam } from '../pages/public/articlePath.ts';
import { PlainButton } from './PlainButton.tsx';
import { IslandShell } from './IslandShell.tsx';

/**
 * A help article, FAQ answer or news item for a signed-out visitor (the island only exists for items
 * that exist: a missing one is the whole app's 404 page).
 */
export function IslandArticle({ kind, data }: { kind: ContentKind; data: QueryClient }) {
  const code = htmlParam(useParams().file) ?? '';
  const item = data.getQueryData<ContentDetail>(contentKeys.detail(kind, code));
  const list = data.getQueryData<ContentListItem[]>(contentKeys.list(kind)) ?? [];
  return (
    <IslandShell data={data}>
      <ArticleView
        kind={kind}
        item={item}
        list={list}
        // The server's one safe Markdown renderer made this HTML (features/content/ContentBody.tsx).
        body={<div className="bs-markdown" dangerouslySetInnerHTML={{ __html: item?.html ?? '' }} />}
        start={
          kind === 'help' ? (
            <PlainButton primary block>
              开始写标书
            </PlainButton>
          ) : undefined
        }
      />
    </IslandShell>
  );
}
