import { createHash } from 'node:crypto';
import path from 'node:path';
import {
  endpoints,
  Code,
  PICTURE_LIMITS,
  PICTURE_MIME,
  PICTURE_MSG,
  makePage,
  type ImageResult,
  type Page,
  type PictureItem,
  type PictureListQuery,
  type PictureTagCount,
  type PictureType,
  type PictureUpdateInput,
} from '@bid/shared';
import { AppError, badRequest, businessWarning, notFound } from '../../http/errors.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import { dimensionsOf, sniffType, svgRisk } from './image-types.ts';
import { PictureRepo, type PictureRow } from './repo.ts';
import { pictureUrl } from './urls.ts';
import type { Actor } from '../../policy/actor.ts';
import { PictureStorage, makeThumbnail } from './storage.ts';
import { RASTER_CAPS, Rasterizer } from './raster.ts';
import type { ImageSource } from './image-source.ts';
import type { Storage } from '../../storage/storage.ts';

/** Beyond this many pixels an image is refused: decoding it anywhere (browser, Word, thumbnails) would hurt. */
const MAX_PIXELS = RASTER_CAPS.maxUploadPixels;

export interface UploadInput {
  bytes: Buffer;
  fileName: string;
  name?: string;
  tags?: string[];
}

export interface StoredFile {
  path: string;
  mime: string;
  size: number;
  etag: string;
  name: string;
  type: PictureType;
}

function parseTags(text: string): string[] {
  try {
    const v = JSON.parse(text);
    return Array.isArray(v) ? v.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
}

function searchText(name: string, tags: string[]): string {
  return [name, ...tags].join(' ').toLowerCase();
}

/** A file name without its extension, as the default picture name. */
function baseName(fileName: string): string {
  const b = path.basename(fileName.replace(/\\/g, '/')).replace(/\.[a-z0-9]{1,5}$/i, '');
  return b.replace(/\s+/g, ' ').trim().slice(0, PICTURE_LIMITS.maxNameChars) || '未命名图片';
}

export function present(row: PictureRow): PictureItem {
  return {
    id: row.id,
    name: row.name,
    tags: parseTags(row.tags),
    type: row.type,
    mime: PICTURE_MIME[row.type] ?? 'application/octet-stream',
    size: row.size,
    width: row.width,
    height: row.height,
    url: pictureUrl(endpoints.pictureFile, row.id),
    thumbUrl: pictureUrl(row.thumb_key ? endpoints.pictureThumb : endpoints.pictureFile, row.id),
    createTime: row.created_at,
  };
}

/** Splits a search box entry into words (spaces and Chinese/Latin punctuation separate them). */
export function keywordWords(keyword: string | undefined): string[] {
  return [
    ...new Set(
      (keyword ?? '')
        .toLowerCase()
        .split(/[\s,，;；、。.!！?？:：/|]+/)
        .filter(Boolean),
    ),
  ].slice(0, 10);
}

export class PictureService {
  readonly storage: PictureStorage;

  constructor(
    readonly repo: PictureRepo,
    storage: Storage,
    /** Every rasterising (thumbnails, SVG for Word) happens in its bounded child process. */
    readonly raster: Rasterizer = new Rasterizer(),
  ) {
    this.storage = new PictureStorage(storage);
  }

  /** Checks the bytes (type by magic bytes, size, SVG safety), stores original and thumbnail. */
  async upload(owner: Actor, input: UploadInput): Promise<PictureItem> {
    const { bytes } = input;
    if (bytes.length === 0) throw badRequest(PICTURE_MSG.empty);
    if (bytes.length > PICTURE_LIMITS.maxBytes)
      throw new AppError(Code.PAYLOAD_TOO_LARGE, PICTURE_MSG.tooLarge);
    const type = sniffType(bytes);
    if (!type) throw badRequest(PICTURE_MSG.notImage);
    if (type === 'svg') {
      const risk = svgRisk(bytes);
      if (risk) throw badRequest(PICTURE_MSG.unsafeSvg(risk));
    }
    const dims = dimensionsOf(type, bytes);
    if (type !== 'svg' && !dims) throw badRequest('图片文件已损坏，无法读取尺寸');
    if (dims && dims.width * dims.height > MAX_PIXELS)
      throw badRequest(`图片像素过大（超过 ${MAX_PIXELS / 10_000} 万像素），请缩小后再上传`);
    const usage = await this.repo.usage(owner);
    if (usage.count >= PICTURE_LIMITS.maxPerUser) throw businessWarning(PICTURE_MSG.tooMany);
    if (usage.bytes + bytes.length > PICTURE_LIMITS.maxTotalBytes) throw businessWarning(PICTURE_MSG.full);

    const id = newId();
    const dir = `${owner.tenantId}/${owner.userId}`;
    const ext = type === 'jpeg' ? 'jpg' : type;
    const fileKey = await this.storage.put(dir, `${id}.${ext}`, bytes, PICTURE_MIME[type]);
    let thumbKey: string | null = null;
    try {
      const thumb = await makeThumbnail(this.raster, type, bytes, dims);
      if (thumb) thumbKey = await this.storage.put(dir, `${id}.thumb.png`, thumb, 'image/png');
      const name = input.name?.trim() || baseName(input.fileName);
      const tags = input.tags ?? [];
      const now = nowIso();
      const row: PictureRow = {
        id,
        user_id: owner.userId,
        tenant_id: owner.tenantId,
        name,
        tags: JSON.stringify(tags),
        search_text: searchText(name, tags),
        type,
        size: bytes.length,
        width: dims?.width ?? null,
        height: dims?.height ?? null,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        file_key: fileKey,
        thumb_key: thumbKey,
        created_at: now,
        updated_at: now,
      };
      await this.repo.insert(row);
      return present(row);
    } catch (err) {
      // No row, no files: a failed upload leaves nothing behind.
      await this.storage.remove(fileKey).catch(() => undefined);
      await this.storage.remove(thumbKey).catch(() => undefined);
      throw err;
    }
  }

  async list(owner: Actor, q: PictureListQuery): Promise<Page<PictureItem>> {
    const { rows, total } = await this.repo.page(
      owner,
      keywordWords(q.keyword),
      q.tag?.trim() || undefined,
      (q.current - 1) * q.size,
      q.size,
    );
    return makePage(rows.map(present), total, q);
  }

  async detail(owner: Actor, id: string): Promise<PictureItem> {
    const row = await this.repo.find(owner, id);
    if (!row) throw notFound(PICTURE_MSG.notFound);
    return present(row);
  }

  async update(owner: Actor, input: PictureUpdateInput): Promise<PictureItem> {
    const row = await this.repo.find(owner, input.id);
    if (!row) throw notFound(PICTURE_MSG.notFound);
    const name = input.name ?? row.name;
    const tags = input.tags ?? parseTags(row.tags);
    const now = nowIso();
    const res = await this.repo.update(owner, row.id, {
      name,
      tags: JSON.stringify(tags),
      search_text: searchText(name, tags),
      updated_at: now,
    });
    if (Number(res.numUpdatedRows) !== 1) throw notFound(PICTURE_MSG.notFound);
    return present({ ...row, name, tags: JSON.stringify(tags), updated_at: now });
  }

  /** Deletes the rows first (what the user sees), then the files; all ids must be the caller's. */
  async remove(owner: Actor, ids: string[]): Promise<{ removed: number }> {
    const unique = [...new Set(ids)];
    const rows = await this.repo.findMany(owner, unique);
    if (rows.length !== unique.length) throw notFound(PICTURE_MSG.notFound);
    // A picture a chapter shows would vanish from the bid (the editor and the Word export): refused
    // with where it is used, and nothing is deleted.
    for (const r of rows) {
      const use = await this.repo.firstUse(owner, r.id);
      if (use)
        throw businessWarning(
          'feedback' in use
            ? PICTURE_MSG.inFeedback(r.name)
            : PICTURE_MSG.inChapter(r.name, use.bid, use.chapter),
        );
    }
    await this.repo.remove(owner, unique);
    for (const r of rows) {
      await this.storage.remove(r.file_key).catch(() => undefined);
      await this.storage.remove(r.thumb_key).catch(() => undefined);
    }
    return { removed: rows.length };
  }

  async tags(owner: Actor): Promise<PictureTagCount[]> {
    const counts = new Map<string, number>();
    for (const r of await this.repo.tagsOf(owner))
      for (const t of parseTags(r.tags)) counts.set(t, (counts.get(t) ?? 0) + 1);
    return [...counts]
      .map(([tag, count]) => ({ tag, count }))
      .sort((a, b) => b.count - a.count || a.tag.localeCompare(b.tag, 'zh-CN'));
  }

  /** The original (or its thumbnail) of one of the caller's pictures. */
  async file(owner: Actor, id: string, thumb: boolean): Promise<StoredFile> {
    const row = await this.repo.find(owner, id);
    if (!row) throw notFound(PICTURE_MSG.notFound);
    const useThumb = thumb && row.thumb_key;
    const key = useThumb ? row.thumb_key! : row.file_key;
    if (!(await this.storage.exists(key))) throw notFound(PICTURE_MSG.notFound);
    return {
      path: key,
      mime: useThumb ? 'image/png' : PICTURE_MIME[row.type],
      size: useThumb ? 0 : row.size,
      etag: `"${row.sha256.slice(0, 32)}${useThumb ? '-t' : ''}"`,
      name: `${row.name}.${row.type === 'jpeg' ? 'jpg' : row.type}`,
      type: row.type,
    };
  }

  /**
   * For the Word export: the bytes of a picture referenced by a chapter (by the pictureFile path it shows).
   * SVG comes back rasterised as PNG (Word needs a bitmap); WebP is returned as is (the caller
   * decides: Word cannot show it).
   */
  async readForExport(
    owner: Actor,
    id: string,
  ): Promise<{
    bytes: Buffer;
    type: PictureType | 'png';
    width: number | null;
    height: number | null;
  } | null> {
    const row = await this.repo.find(owner, id);
    if (!row) return null;
    // Pictures stored before the pixel cap existed are written as their caption, not decoded by Word.
    if (row.width && row.height && row.width * row.height > MAX_PIXELS) return null;
    const bytes = await this.storage.read(row.file_key);
    if (row.type === 'svg') {
      // Twice the SVG's size for sharp print, clamped by the rasterising child to the export caps.
      const img = await this.raster.render({
        svg: bytes,
        zoom: 2,
        maxSide: RASTER_CAPS.exportMaxSide,
        maxPixels: RASTER_CAPS.exportMaxPixels,
        background: '#ffffff',
      });
      return { bytes: img.png, type: 'png', width: row.width, height: row.height };
    }
    return { bytes, type: row.type, width: row.width, height: row.height };
  }

  /** Image search over the library: pictures whose name or tags contain the keywords, best first. */
  async search(owner: Actor, keywords: string[], limit: number): Promise<ImageResult[]> {
    const words = [
      ...new Set(keywords.map((k) => k.toLowerCase().trim()).filter((k) => k.length >= 1)),
    ].slice(0, 30);
    const rows = await this.repo.anyOf(owner, words, 500);
    const scored = rows.map((r) => {
      const tags = parseTags(r.tags).map((t) => t.toLowerCase());
      const name = r.name.toLowerCase();
      let score = 0;
      for (const w of words) {
        // A whole-tag match counts most, then a word in the name, then a tag containing the word.
        if (tags.includes(w)) score += 3;
        else if (name.includes(w)) score += 2 + Math.min(1, w.length / 8);
        else if (tags.some((t) => t.includes(w) || w.includes(t))) score += 1;
      }
      return { row: r, score };
    });
    return scored
      .filter((s) => s.score > 0)
      .sort((a, b) => b.score - a.score || b.row.created_at.localeCompare(a.row.created_at))
      .slice(0, limit)
      .map(({ row, score }) => {
        const item = present(row);
        return {
          id: item.id,
          source: 'library',
          title: item.name,
          url: item.url,
          thumbUrl: item.thumbUrl,
          width: item.width,
          height: item.height,
          tags: item.tags,
          score: Math.round(score * 100) / 100,
        };
      });
  }

  /** This library as an ImageSource for aiSearchImages. */
  asImageSource(): ImageSource {
    return { name: 'library', search: (owner, keywords, limit) => this.search(owner, keywords, limit) };
  }
}
