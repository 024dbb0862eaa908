import { flattenTree, parseAnalysis, type ScoringCategory, type TenderAnalysis } from '@bid/shared';
import type { PMNode } from '@bid/document';
import type { ExportBid, ExportChapter } from '@bid/document/docx/types';
import type { Actor } from '../../policy/actor.ts';
import type { BidService } from '../bid/service.ts';
import type { ChapterService, ChapterWithContent } from '../catalog/chapters.ts';
import type { PictureService } from '../picture/service.ts';
import { isDeviationTable, linkDeviationTable, proofChapters } from './deviation-refs.ts';
import { isScoreIndex, linkScoreIndex, titlePaths } from './score-index.ts';

/** What an export needs of a bid. Foreign or missing bids throw the bid module's 404. */
export interface ExportSource {
  loadBidForExport(auth: Actor, bidId: string): Promise<LoadedBid>;
  /** Bytes of pictures the chapters refer to by URL (the picture library), keyed by src. */
  loadImages(auth: Actor, chapters: ExportChapter[]): Promise<Record<string, Uint8Array>>;
}

/** What a top-level chapter is, for sorting it into the tender's volumes (index for index with `chapters`). */
export interface ExportRoot {
  title: string;
  /** Its chapter ids and those under it (the checks name leaks by chapter id). */
  ids: string[];
  /** Categories of the scoring items it and its chapters answer. */
  categories: ScoringCategory[];
}

export interface LoadedBid {
  bid: ExportBid;
  chapters: ExportChapter[];
  templateId: string | null;
  analysis?: TenderAnalysis | null;
  roots?: ExportRoot[];
}

const PICTURE_URL = /^\/api\/picture\/client\/(?:file|thumb)\/([A-Za-z0-9_-]{1,64})(?:[?#].*)?$/;
/** Pictures per export: a chapter of hundreds of pictures is not a bid. */
const MAX_IMAGES = 500;

/**
 * The bid, outline and content through the bid workspace's own services: BidService.getOwned
 * scopes by owner, then ChapterService.contentTreeOfBid reads the chapters with their documents.
 */
export class WorkspaceExportSource implements ExportSource {
  constructor(
    private readonly bids: BidService,
    private readonly chapters: ChapterService,
    private readonly pictures: PictureService | null,
    /** The tender's own forms, filled, exported in place of the chapters they answer (投标函, 开标一览表 …). */
    private readonly forms: {
      exportContent(auth: Actor, bidId: string): Promise<Map<string, PMNode>>;
    } | null = null,
  ) {}

  async loadBidForExport(auth: Actor, bidId: string): Promise<LoadedBid> {
    const row = await this.bids.getOwned(auth, bidId);
    const forms = this.forms ? await this.forms.exportContent(auth, row.id) : new Map<string, PMNode>();
    const tree = await this.chapters.contentTreeOfBid(row.id);
    const paths = titlePaths(tree);
    const exported = (n: ChapterWithContent): PMNode | null => forms.get(n.id) ?? n.content;
    // Where the bid proves a 偏离表 row: any exported chapter that commits to the requirement.
    const proofs = proofChapters(flattenTree(tree).map((n) => ({ ...n, content: exported(n) })));
    const contentOf = (n: ChapterWithContent): PMNode | null => {
      const form = forms.get(n.id);
      if (form) return form;
      if (!n.content) return n.content;
      // The 评分索引表's pages and the 偏离表's proofs become live page numbers (score-index.ts, deviation-refs.ts).
      if (isScoreIndex(n.title)) return linkScoreIndex(n.content, paths);
      return isDeviationTable(n.title) ? linkDeviationTable(n.content, proofs) : n.content;
    };
    const toExport = (nodes: ChapterWithContent[]): ExportChapter[] =>
      nodes.map((n) => ({
        title: n.title,
        key: n.id,
        level: n.level,
        content: contentOf(n),
        children: toExport(n.children),
      }));
    const chapters = toExport(tree);
    const analysis = parseAnalysis(row.analysis);
    const facts = analysis?.project;
    const categoryOf = new Map((analysis?.scoringItems ?? []).map((i) => [i.id, i.category]));
    const roots = tree.map((root) => {
      const all = flattenTree([root]);
      const itemIds = all.flatMap((n) =>
        (n.scoringItems ?? []).map((i) =>
          i && typeof i === 'object' ? String((i as { id?: unknown }).id ?? '') : '',
        ),
      );
      return {
        title: root.title,
        ids: all.map((n) => n.id),
        categories: itemIds.flatMap((id) => categoryOf.get(id) ?? []),
      };
    });
    return {
      bid: {
        name: row.name,
        projectName: facts?.name || row.name,
        projectCode: facts?.number ?? null,
        tenderer: facts?.owner ?? null,
        bidder: null,
        legalRep: null,
        date: null,
      },
      chapters,
      templateId: row.template_id ?? null,
      analysis,
      roots,
    };
  }

  async loadImages(auth: Actor, chapters: ExportChapter[]): Promise<Record<string, Uint8Array>> {
    const out: Record<string, Uint8Array> = {};
    if (!this.pictures) return out;
    const srcs = new Set<string>();
    const walk = (n: PMNode | null | undefined) => {
      if (!n || srcs.size >= MAX_IMAGES) return;
      if (n.type === 'image' && typeof n.attrs?.src === 'string' && PICTURE_URL.test(n.attrs.src))
        srcs.add(n.attrs.src);
      for (const c of n.content ?? []) walk(c);
    };
    for (const chapter of flattenTree(chapters)) walk(chapter.content);
    for (const src of srcs) {
      const id = PICTURE_URL.exec(src)![1];
      try {
        const pic = await this.pictures.readForExport(auth, id);
        // WebP cannot be shown by Word: the writer prints the caption instead.
        if (pic && pic.type !== 'webp')
          out[src] = new Uint8Array(pic.bytes.buffer, pic.bytes.byteOffset, pic.bytes.byteLength);
      } catch {
        /* a missing or unreadable picture is written as its caption */
      }
    }
    return out;
  }
}
