import type { BidService } from '../bid/service.ts';
import { CatalogAccess } from './access.ts';
import { ChapterService } from './chapters.ts';
import { ContentVersionService } from './content-versions.ts';
import { OutlineService } from './outline.ts';
import { OutlineVersionService } from './outline-versions.ts';
import type { CatalogRepo } from './repo.ts';
import { ChapterWriter } from './writer.ts';
import type { Db } from '../../db/db.ts';

export {
  CHECKPOINT_INTERVAL_MS,
  type GeneratedContentMeta,
  type GeneratedContentResult,
} from './chapters.ts';
export { checkDoc } from './doc.ts';

/**
 * The catalog module (SPEC's word for the outline and its chapters), one service per aggregate:
 * the outline (tree edits), chapters (content), content versions and outline versions. All reach
 * a chapter through CatalogAccess (the bid policy) and write content through ChapterWriter.
 */
export class CatalogService {
  readonly outline: OutlineService;
  readonly chapters: ChapterService;
  readonly contentVersions: ContentVersionService;
  readonly outlineVersions: OutlineVersionService;

  constructor(db: Db, repo: CatalogRepo, bids: BidService) {
    const access = new CatalogAccess(db, repo, bids);
    const writer = new ChapterWriter(repo, bids);
    this.outlineVersions = new OutlineVersionService(access);
    this.outline = new OutlineService(access, this.outlineVersions);
    this.chapters = new ChapterService(access, writer);
    this.contentVersions = new ContentVersionService(access, writer);
  }

  // What other modules (AI, elements, export, analysis) use, by aggregate.
  readonly detail: ChapterService['detail'] = (...a) => this.chapters.detail(...a);
  readonly treeOfBid: ChapterService['treeOfBid'] = (...a) => this.chapters.treeOfBid(...a);
  readonly contentTreeOfBid: ChapterService['contentTreeOfBid'] = (...a) =>
    this.chapters.contentTreeOfBid(...a);
  readonly saveGeneratedContent: ChapterService['saveGeneratedContent'] = (...a) =>
    this.chapters.saveGeneratedContent(...a);
  readonly setGenerationState: ChapterService['setGenerationState'] = (...a) =>
    this.chapters.setGenerationState(...a);
  readonly saveOutline: OutlineService['saveOutline'] = (...a) => this.outline.saveOutline(...a);
  readonly saveChildren: OutlineService['saveChildren'] = (...a) => this.outline.saveChildren(...a);
  readonly addSibling: OutlineService['addSibling'] = (...a) => this.outline.addSibling(...a);
  readonly saveContentVersion: ContentVersionService['save'] = (...a) => this.contentVersions.save(...a);
}
