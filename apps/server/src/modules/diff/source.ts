import { docText, type PMNode } from '@bid/document';
import { decodeDataUrl } from '@bid/document/docx/images';
import type { ExportChapter } from '@bid/document/docx/types';
import { FILE_MESSAGES } from '@bid/shared';
import { notFound } from '../../http/errors.ts';
import type { Actor } from '../../policy/actor.ts';
import type { BidService } from '../bid/service.ts';
import type { ExportSource } from '../export/source.ts';
import { storedKey } from '../file/service.ts';
import type { Storage } from '../../storage/storage.ts';
import type { FileRepo } from '../file/repo.ts';
import { MAX_IMAGES_PER_DOC } from '../../diff/docx-assets.ts';

/** One document to compare, as read by the job. */
export interface LoadedDocument {
  name: string;
  text: string;
  /** Picture bytes in document order. */
  images: Uint8Array[];
  /** The raw DOCX (its properties and word/media are read from it), null for bids and other kinds. */
  docx: Buffer | null;
  /** The tender the document answers (a bid's own tender), whose quotes are not shared text. */
  tender: string | null;
}

/** Where 查重 gets its documents. Foreign or missing ids throw 404. */
export interface DiffSource {
  bidName(actor: Actor, bidId: string): Promise<string>;
  fileName(actor: Actor, fileId: string): Promise<string>;
  loadBid(actor: Actor, bidId: string): Promise<LoadedDocument>;
  loadFile(actor: Actor, fileId: string): Promise<LoadedDocument>;
}

/** The `src` of every picture of the chapters, in document order (library URLs and pasted data: URLs). */
export function chapterImageSources(chapters: ExportChapter[]): string[] {
  const out: string[] = [];
  const walk = (n: PMNode | null | undefined) => {
    if (!n) return;
    if (n.type === 'image' && typeof n.attrs?.src === 'string') out.push(n.attrs.src);
    for (const c of n.content ?? []) walk(c);
  };
  const visit = (list: ExportChapter[]) => list.forEach((c) => (walk(c.content), visit(c.children ?? [])));
  visit(chapters);
  return out;
}

/** A bid's text: chapter titles and content in outline order (docText of each chapter). */
export function chaptersText(chapters: ExportChapter[]): string {
  const out: string[] = [];
  const walk = (list: ExportChapter[]) => {
    for (const c of list) {
      out.push(c.title);
      const body = docText(c.content ?? null).trim();
      if (body) out.push(body);
      walk(c.children ?? []);
    }
  };
  walk(chapters);
  return out.join('\n');
}

/**
 * Bids through the export source (the bid module's ownership rules, the outline with content and
 * the picture library's bytes), uploads through the file repo (the text the safe parser extracted
 * at upload; the DOCX itself for its pictures and properties).
 */
export class WorkspaceDiffSource implements DiffSource {
  constructor(
    private readonly bids: BidService,
    private readonly exportSource: ExportSource,
    private readonly files: FileRepo,
    private readonly storage: Storage,
  ) {}

  async bidName(actor: Actor, bidId: string): Promise<string> {
    return (await this.bids.getOwned(actor, bidId)).name;
  }

  async fileName(actor: Actor, fileId: string): Promise<string> {
    const row = await this.files.findOwned(actor, fileId);
    if (!row) throw notFound(FILE_MESSAGES.notFound);
    return row.name;
  }

  async loadBid(actor: Actor, bidId: string): Promise<LoadedDocument> {
    const row = await this.bids.getOwned(actor, bidId);
    const loaded = await this.exportSource.loadBidForExport(actor, bidId);
    const library = await this.exportSource.loadImages(actor, loaded.chapters);
    const images = chapterImageSources(loaded.chapters)
      .map((src) => library[src] ?? (src.startsWith('data:') ? decodeDataUrl(src) : null))
      .filter((b): b is Uint8Array => b !== null)
      .slice(0, MAX_IMAGES_PER_DOC);
    let tender = row.tender_text;
    if (!tender && row.file_id) tender = (await this.files.findById(row.file_id))?.text ?? null;
    return { name: row.name, text: chaptersText(loaded.chapters), images, docx: null, tender };
  }

  async loadFile(actor: Actor, fileId: string): Promise<LoadedDocument> {
    const row = await this.files.findOwned(actor, fileId);
    if (!row) throw notFound(FILE_MESSAGES.notFound);
    const docx =
      row.kind === 'docx' ? await this.storage.read(storedKey(row.storage_path)).catch(() => null) : null;
    return { name: row.name, text: row.text, images: [], docx, tender: null };
  }
}
