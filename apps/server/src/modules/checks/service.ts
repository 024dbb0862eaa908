import {
  ANONYMITY_LABELS,
  CHECK_MSG,
  countWords,
  parseAnalysis,
  type AnonymityCheck,
  type BidChecks,
  type ClauseCheck,
  type CoverageCheck,
  type PlaceholderCheck,
  type TenderAnalysis,
} from '@bid/shared';
import type { PMNode } from '@bid/document';
import { DEFAULT_TEMPLATE_ID } from '@bid/document/templates/builtin';
import type { Actor } from '../../policy/actor.ts';
import { businessWarning } from '../../http/errors.ts';
import type { BidRow } from '../bid/repo.ts';
import type { AmendedTender, BidService } from '../bid/service.ts';
import { estimatePages, pageModelOf } from '../../ai/pages/model.ts';
import { ChecksRepo, type CheckChapterRow } from './repo.ts';

/** Blocking findings other modules add to the checks (the knowledge base: qualifications lapsing before the opening). */
export interface BidFindingSource {
  blockersFor(tenantId: string, analysis: TenderAnalysis | null): Promise<string[]>;
}

/** The tender's own forms as the checks see them (modules/forms): their open blanks and the 报价 against the 最高限价. */
export interface BidFormsSource {
  findingsFor(
    owner: Actor,
    bid: BidRow,
    chapters: Array<{ id: string; title: string; text: string }>,
  ): Promise<{ replaced: string[]; placeholders: PlaceholderCheck[]; blockers: string[] }>;
}
import { anonymousPart, partOf } from '../../ai/plan/parts.ts';
import { findAnswer, findLeaks, readChapter, type ChapterText } from './scan.ts';
import type { Db } from '../../db/db.ts';

interface OutlineChapter extends ChapterText {
  parentId: string | null;
  itemIds: string[];
  /** This chapter and everything under it. */
  subtree: ChapterText[];
}

function parse<T>(text: string | null | undefined, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** The outline in document order with each chapter's text, path and mapped scoring items. */
function outlineOf(rows: CheckChapterRow[]): OutlineChapter[] {
  const byParent = new Map<string | null, CheckChapterRow[]>();
  for (const r of rows) {
    const list = byParent.get(r.parent_id) ?? [];
    list.push(r);
    byParent.set(r.parent_id, list);
  }
  const out: OutlineChapter[] = [];
  const walk = (parent: string | null, path: string[]): ChapterText[] => {
    const under: ChapterText[] = [];
    for (const r of byParent.get(parent) ?? []) {
      const read = readChapter(parse<PMNode | null>(r.content, null));
      const items = parse<unknown[]>(r.scoring_items, []);
      const chapter: OutlineChapter = {
        id: r.id,
        parentId: r.parent_id,
        title: r.title,
        path: [...path, r.title],
        ...read,
        itemIds: (Array.isArray(items) ? items : [])
          .map((i) => (i && typeof i === 'object' ? String((i as { id?: unknown }).id ?? '') : ''))
          .filter(Boolean),
        subtree: [],
      };
      out.push(chapter);
      chapter.subtree = [chapter, ...walk(r.id, chapter.path)];
      under.push(...chapter.subtree);
    }
    return under;
  };
  walk(null, []);
  return out;
}

const ref = (c: ChapterText) => ({ id: c.id, title: c.title });

/**
 * The bid checks of API.md: scoring coverage, ★ and 废标 clauses, 暗标 leaks, open placeholders
 * and pages, computed in code from the outline, the text and the tender analysis.
 */
export class ChecksService {
  constructor(
    private readonly bids: BidService,
    private readonly repo: ChecksRepo,
    private readonly more: BidFindingSource[] = [],
    private readonly forms: BidFormsSource | null = null,
    private readonly amendments: AmendedTender | null = null,
  ) {}

  static create(db: Db, bids: BidService): ChecksService {
    return new ChecksService(bids, new ChecksRepo(db));
  }

  async check(owner: Actor, bidId: string): Promise<BidChecks> {
    const bid = await this.bids.getOwned(owner, bidId);
    const stored = parseAnalysis(bid.analysis);
    // An amendment's added ★ clause is required and its changed points counted, as for the tender's own.
    const analysis = this.amendments ? await this.amendments.amended(bid.id, stored) : stored;
    const chapters = outlineOf(await this.repo.chapters(bid.id));
    const written = chapters.filter((c) => c.hasContent);

    const coverage: CoverageCheck[] = (analysis?.scoringItems ?? []).map((item) => {
      const mapped = chapters.filter((c) => c.itemIds.includes(item.id));
      const answered = mapped.filter((c) => c.subtree.some((s) => s.hasContent));
      // A chapter named after the item or naming it in its text answers it too (e.g. one added for it).
      const naming =
        item.name.length >= 3
          ? written.filter((c) => c.title.includes(item.name) || c.text.includes(item.name))
          : [];
      const refs = new Map([...mapped, ...naming].map((c) => [c.id, ref(c)]));
      return {
        itemId: item.id,
        name: item.name,
        points: item.points,
        covered: answered.length + naming.length > 0,
        chapters: [...refs.values()],
      };
    });

    const clause = (text: string): ClauseCheck => ({ text, ...findAnswer(text, written) });
    const stars = (analysis?.starClauses ?? []).filter((c) => c.mark === '★').map((c) => clause(c.text));
    const disqualifications = (analysis?.disqualifications ?? []).map(clause);

    // 暗标 applies by part (the part of a chapter's top-level chapter), as the writing prompts apply it.
    const categoryOf = new Map((analysis?.scoringItems ?? []).map((i) => [i.id, i.category]));
    const anonymousIds = new Set(
      analysis?.darkBid
        ? chapters
            .filter((c) =>
              anonymousPart(
                partOf(
                  c.path,
                  c.itemIds.flatMap((id) => categoryOf.get(id) ?? []),
                ),
                analysis,
              ),
            )
            .map((c) => c.id)
        : [],
    );
    const anonymousChapters = chapters.filter((c) => anonymousIds.has(c.id));
    const anonymity = await this.anonymity(anonymousChapters, analysis, bid.template_id, bid.tenant_id);
    const anonymousParts = anonymousChapters
      .filter((c) => !c.parentId || !anonymousIds.has(c.parentId))
      .map((c) => c.title);

    // A chapter the export replaces by the tender's own form shows that form's open blanks instead.
    const forms = this.forms
      ? await this.forms.findingsFor(owner, bid, written)
      : { replaced: [], placeholders: [], blockers: [] };
    const replaced = new Set(forms.replaced);
    const placeholders: PlaceholderCheck[] = [
      ...chapters
        .filter((c) => !replaced.has(c.id))
        .flatMap((c) => c.placeholders.map((text) => ({ catalogId: c.id, title: c.title, text }))),
      ...forms.placeholders,
    ];

    const words = chapters.reduce((n, c) => n + countWords(c.text) + countWords(c.title), 0);
    // Pages as the bid's template prints them (measured page model: text plus the structure's own pages).
    const shape = {
      parts: chapters.filter((c) => c.path.length === 1).length,
      chapters: chapters.filter((c) => c.path.length > 1).length,
      tableRows: 0,
    };
    const pages = {
      estimated: Math.ceil(estimatePages(words, shape, pageModelOf(bid.template_id))),
      limit: analysis?.pageLimit ?? null,
      target: bid.page_count ?? null,
    };

    const more = (await Promise.all(this.more.map((m) => m.blockersFor(bid.tenant_id, analysis)))).flat();
    const blockers = [
      ...stars
        .filter((s) => !s.answered)
        .map((s) => `★条款未响应：${s.text.replace(/^★\s*/, '').slice(0, 60)}`),
      ...anonymity.map(
        (a) => `暗标部分出现${ANONYMITY_LABELS[a.kind]}：${a.text}${a.title ? `（${a.title}）` : ''}`,
      ),
      ...(pages.limit !== null && pages.estimated > pages.limit
        ? [`页数约 ${pages.estimated} 页，超过招标文件限制的 ${pages.limit} 页`]
        : []),
      ...forms.blockers,
      ...more,
    ];
    return {
      coverage,
      stars,
      disqualifications,
      anonymity,
      placeholders,
      pages,
      blocking: blockers.length,
      blockers,
      anonymousParts,
    };
  }

  /** 601 naming the first blocking finding, unless the writer confirmed having seen them. */
  async assertFinishable(owner: Actor, bidId: string): Promise<void> {
    const checks = await this.check(owner, bidId);
    if (checks.blocking > 0)
      throw businessWarning(CHECK_MSG.blockedFinish(checks.blockers[0], checks.blocking));
  }

  private async anonymity(
    chapters: ChapterText[],
    analysis: TenderAnalysis | null,
    templateId: string | null,
    tenantId: string,
  ): Promise<AnonymityCheck[]> {
    if (!analysis?.darkBid) return [];
    const allowed = [analysis.project.owner, analysis.project.agency, analysis.project.name].filter(
      (s): s is string => Boolean(s),
    );
    const company = await this.repo.companyName(tenantId);
    const out: AnonymityCheck[] = [];
    for (const c of chapters) {
      for (const leak of findLeaks(c.text, allowed, company ? [company] : []))
        out.push({ ...leak, catalogId: c.id, title: c.title });
      for (const image of c.images) out.push({ kind: 'image', text: image, catalogId: c.id, title: c.title });
    }
    // The export template decides the header and the document properties.
    const def = parse<{ anonymous?: boolean; header?: { enabled?: boolean } } | null>(
      await this.repo.templateDefinition(templateId ?? DEFAULT_TEMPLATE_ID),
      null,
    );
    if (def && !def.anonymous) {
      if (def.header?.enabled)
        out.push({
          kind: 'header',
          text: '所选 Word 模板的页眉显示标书名称，暗标应使用“暗标格式”模板',
          catalogId: null,
          title: null,
        });
      out.push({
        kind: 'metadata',
        text: '所选 Word 模板会把标书名称写入文档属性（标题），暗标应使用“暗标格式”模板',
        catalogId: null,
        title: null,
      });
    }
    return out;
  }
}
