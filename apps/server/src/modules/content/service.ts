import {
  contentHref,
  type AdminContentItem,
  type ContentDetail,
  type ContentKind,
  type ContentListItem,
  type ContentSearchHit,
  type SaveContent,
} from '@bid/shared';
import { firstParagraphText, markdownToPlainText, markdownToSafeHtml } from '@bid/document';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { newId } from '../../lib/ids.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { ContentRepo, ContentRow } from './repo.ts';
import { highlightRanges, keywords, searchText, snippet } from './search.ts';

/**
 * What the public pages read, in-process for server rendering as through the API: published items
 * only; a missing or unpublished item is a 404.
 */
export interface ContentReader {
  list(kind: ContentKind): Promise<ContentListItem[]>;
  get(kind: ContentKind, codeOrId: string): Promise<ContentDetail>;
  search(query: string): Promise<ContentSearchHit[]>;
}

const NOT_FOUND_MSG: Record<ContentKind, string> = {
  help: '帮助文章不存在或已下线',
  question: '问题不存在或已下线',
  news: '动态不存在或已下线',
};
const SEARCH_LIMIT = 50;
const KIND_RANK: Record<ContentKind, number> = { help: 0, question: 1, news: 2 };

function listItem(r: ContentRow): ContentListItem {
  return {
    id: r.id,
    kind: r.kind,
    code: r.code,
    title: r.title,
    summary: r.summary,
    category: r.category,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

/** Help articles, FAQ and news: public reads and the console's edits. */
export class ContentService implements ContentReader {
  constructor(
    private readonly repo: ContentRepo,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async list(kind: ContentKind): Promise<ContentListItem[]> {
    return (await this.repo.listPublished(kind)).map(listItem);
  }

  async get(kind: ContentKind, codeOrId: string): Promise<ContentDetail> {
    const row = await this.repo.findPublished(kind, codeOrId);
    if (!row) throw notFound(NOT_FOUND_MSG[kind]);
    return { ...listItem(row), html: markdownToSafeHtml(row.body) };
  }

  async search(query: string): Promise<ContentSearchHit[]> {
    const words = keywords(query);
    if (!words.length) return [];
    const rows = await this.repo.search(words, SEARCH_LIMIT);
    const hits = rows.map((r) => {
      const titleHighlights = highlightRanges(r.title, words);
      const bodyText = markdownToPlainText(r.body);
      // A summary taken from the body (the default) would show twice.
      const plain = bodyText.includes(r.summary) ? bodyText : `${r.summary}\n${bodyText}`;
      return {
        hit: {
          id: r.id,
          kind: r.kind,
          code: r.code,
          href: contentHref(r.kind, r.code),
          title: r.title,
          titleHighlights,
          ...snippet(plain, words),
        },
        // A title naming the keywords ranks first, then help before FAQ before news (stable sort keeps stored order).
        rank: (titleHighlights.length ? 0 : 10) + KIND_RANK[r.kind],
      };
    });
    return hits.sort((a, b) => a.rank - b.rank).map((h) => h.hit);
  }

  // ---- the console ----

  async adminList(kind: ContentKind): Promise<AdminContentItem[]> {
    return (await this.repo.listAll(kind)).map((r) => ({
      ...listItem(r),
      body: r.body,
      published: r.published === 1,
      sort: r.sort,
    }));
  }

  /**
   * The stored search text follows the folding of this code: rows indexed otherwise (seeded by a
   * migration, saved before the folding changed) are indexed again. Run at start.
   */
  async reindex(): Promise<void> {
    for (const r of await this.repo.indexed()) {
      const text = searchText(r.title, r.summary, r.body);
      if (text !== r.search_text) await this.repo.update(r.id, { search_text: text });
    }
  }

  /** Create (no id) or update; an item without a code is reached by its id, which becomes its code. */
  async save(input: SaveContent): Promise<{ id: string; code: string }> {
    const at = this.now().toISOString();
    const summary = (
      input.summary?.trim() ||
      firstParagraphText(input.body) ||
      markdownToPlainText(input.body).split('\n')[0]
    ).slice(0, 120);
    const fields = {
      title: input.title.trim(),
      summary,
      category: input.category?.trim() ?? '',
      body: input.body,
      search_text: searchText(input.title.trim(), summary, input.body),
      published: input.published ? 1 : 0,
    };
    try {
      if (input.id === undefined) {
        const id = newId();
        const code = input.code ?? id;
        if (await this.repo.codeTaken(input.kind, code, null)) throw conflict(`编码“${code}”已被使用`);
        await this.repo.insert({
          id,
          kind: input.kind,
          code,
          ...fields,
          sort: input.sort ?? 0,
          created_at: at,
          updated_at: at,
        });
        return { id, code };
      }
      const row = await this.repo.byId(String(input.id));
      if (!row) throw notFound('内容不存在或已删除');
      if (row.kind !== input.kind) throw badRequest('不能修改内容类型');
      const code = input.code ?? row.code;
      if (code !== row.code && (await this.repo.codeTaken(row.kind, code, row.id)))
        throw conflict(`编码“${code}”已被使用`);
      await this.repo.update(row.id, { ...fields, code, sort: input.sort ?? row.sort, updated_at: at });
      return { id: row.id, code };
    } catch (err) {
      // Two saves racing for one code: the unique index decides.
      if (isUniqueViolation(err)) throw conflict('编码已被使用');
      throw err;
    }
  }

  async setPublished(id: string, published: boolean): Promise<void> {
    const res = await this.repo.update(id, {
      published: published ? 1 : 0,
      updated_at: this.now().toISOString(),
    });
    if (!Number(res.numUpdatedRows)) throw notFound('内容不存在或已删除');
  }

  async remove(id: string): Promise<void> {
    const res = await this.repo.delete(id);
    if (!Number(res.numDeletedRows)) throw notFound('内容不存在或已删除');
  }
}
