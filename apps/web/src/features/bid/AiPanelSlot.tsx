import { Typography } from 'antd';
import type { CatalogNode } from '@bid/shared';
import type { ChapterHandle } from './editor/ChapterEditor.tsx';
import { AiElementsPanel } from '../elements/AiElementsPanel.tsx';
import { AiWritingPanel } from '../ai/AiWritingPanel.tsx';
import { useCatalogTree } from './api.ts';

/**
 * The right-hand panel of the writing workspace, for the AI work to fill (write this chapter,
 * rewrite/expand/polish a selection, tables, diagrams, images, full-text writing).
 *
 * What it gets:
 * - `chapter.editor` (TipTap) to read the selection or insert content; `chapter.flush()` before a call
 *   that reads the chapter on the server; after the server wrote the chapter (ctx.services.catalog
 *   .saveGeneratedContent), `chapter.reload()` or `chapter.applyServer(version, content)` puts the new
 *   text in the editor without a 409.
 * - `reloadOutline()` after outline changes (regenerated outline or children, statuses).
 */
export interface AiPanelProps {
  bidId: string;
  /** The selected chapter, null when none is open. */
  catalog: CatalogNode | null;
  chapter: ChapterHandle | null;
  readOnly: boolean;
  reloadOutline(): Promise<unknown>;
}

export function AiPanel(props: AiPanelProps) {
  // The outline (cached by the workspace's query) names the chapters of the full-text progress.
  const tree = useCatalogTree(props.bidId);
  return (
    <>
      <Typography.Title level={5} style={{ margin: 0 }}>
        AI 助手
      </Typography.Title>
      <AiWritingPanel
        bidId={props.bidId}
        catalog={props.catalog}
        chapter={props.chapter}
        readOnly={props.readOnly}
        tree={tree.data ?? []}
        reloadOutline={props.reloadOutline}
      />
      {props.catalog && props.chapter ? (
        <AiElementsPanel
          catalogId={props.catalog.id}
          editor={props.chapter.editor}
          readOnly={props.readOnly}
          beforeGenerate={() => props.chapter!.flush()}
        />
      ) : null}
    </>
  );
}
