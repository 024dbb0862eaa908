import type { ChapterSource, CompanyFact } from '@bid/shared';
import type { ChapterContext, GroundingMaterial } from '../../ai/types.ts';
import type { CompanyLibrary } from './company.ts';
import type { KnowledgeService } from './service.ts';
import {
  factTables,
  otherValue,
  peopleOf,
  personOf,
  projectOf,
  qualificationOf,
  qualificationsOf,
} from './facts.ts';

/** What a chapter write was grounded on: the material for the engine and the sources to record. */
export interface ChapterGrounding {
  material: GroundingMaterial;
  sources: ChapterSource[];
  facts: CompanyFact[];
}

/**
 * The knowledge base as the chapter writer sees it (injected into the AI service and the full-text
 * job): retrieval before a write, placeholder filling and source recording after it.
 */
export interface Grounding {
  forChapter(owner: { tenantId: string }, ctx: ChapterContext): Promise<ChapterGrounding | null>;
  /** Fills placeholders the library knows and records the sources on the chapter; returns the text. */
  finish(catalogId: string, grounding: ChapterGrounding | null, markdown: string): Promise<string>;
}

/** Passages of a chapter write, and the least BM25 score a passage needs to be used. */
const PASSAGES = 3;
const MIN_SCORE = 2;
/** Words of chapter titles that say nothing about the topic. */
const GENERIC =
  /投标文件|技术标|商务标|技术部分|商务部分|方案|措施|说明|第[一二三四五六七八九十\d]+[章节部分]/g;

const PEOPLE = /人员|团队|项目经理|负责人|组织机构|管理机构|岗位/;
const PROJECTS = /业绩|类似项目|项目经验|案例/;
const QUALIFICATIONS = /资质|资格|证书|许可/;

function factLine(f: CompanyFact): string {
  const d = f.data;
  switch (f.kind) {
    case 'qualification': {
      const q = qualificationOf(f);
      if (!q) return '';
      return `资质：${q.name}${q.number ? `，编号 ${q.number}` : ''}${q.issuer ? `，${q.issuer}颁发` : ''}${q.validUntil ? `，有效期至 ${q.validUntil}` : ''}`;
    }
    case 'person': {
      const p = personOf(f);
      if (!p) return '';
      return `人员：${p.name}${p.role ? `，${p.role}` : ''}${p.title ? `，${p.title}` : ''}${p.certificates?.length ? `，持有${p.certificates.join('、')}` : ''}`;
    }
    case 'project': {
      const p = projectOf(f);
      if (!p) return '';
      return `业绩：${p.name}${p.owner ? `（业主：${p.owner}）` : ''}${p.year ? `，${p.year} 年` : ''}${p.amount ? `，合同金额 ${p.amount} 元` : ''}`;
    }
    case 'finance':
      return `财务：${String(d.year)} 年营业收入 ${String(d.revenue ?? '—')} 元，净利润 ${String(d.profit ?? '—')} 元`;
    default:
      return `${String(d.name)}：${String(d.value)}`;
  }
}

/** The value the library holds for a placeholder's description, or null to keep the placeholder. */
export function valueFor(label: string, facts: CompanyFact[]): string | null {
  const others = facts.filter((f) => f.kind === 'other');
  const direct = otherValue(others, label);
  if (direct) return direct;
  const people = peopleOf(facts);
  for (const role of ['项目经理', '项目负责人', '技术负责人', '安全员', '质量负责人']) {
    if (!label.includes(role)) continue;
    const p = people.find(
      (x) =>
        x.role?.includes(role) ||
        (role === '项目负责人' && x.role?.includes('项目经理')) ||
        (role === '项目经理' && x.role?.includes('项目负责人')),
    );
    if (!p) return null;
    if (/证书|资格|注册/.test(label)) return p.certificates?.length ? p.certificates.join('、') : null;
    if (/职称/.test(label)) return p.title || null;
    return p.name;
  }
  for (const { q } of qualificationsOf(facts)) {
    if (!label.includes(q.name)) continue;
    if (/编号/.test(label)) return q.number || null;
    if (/有效期/.test(label)) return q.validUntil || null;
    if (/机关|机构/.test(label)) return q.issuer || null;
  }
  return null;
}

/** Replaces every 【待填写：…】 whose fact the library holds; the rest stay for the writer. */
export function fillPlaceholders(markdown: string, facts: CompanyFact[]): string {
  if (!facts.length) return markdown;
  return markdown.replace(
    /【待填写[：:]([^】]*)】/g,
    (whole, label: string) => valueFor(label.trim(), facts) ?? whole,
  );
}

export class KnowledgeGrounding implements Grounding {
  constructor(
    private readonly knowledge: KnowledgeService,
    private readonly company: CompanyLibrary,
  ) {}

  async forChapter(owner: { tenantId: string }, ctx: ChapterContext): Promise<ChapterGrounding | null> {
    const title = ctx.path.join(' ').replace(GENERIC, ' ');
    const query = [
      title,
      ...ctx.scoringItems.map((i) => `${i.name} ${i.criteria.slice(0, 80)}`),
      ctx.include ?? '',
    ]
      .join(' ')
      .slice(0, 400);
    const [hits, facts] = await Promise.all([
      query.trim()
        ? this.knowledge.find(this.knowledge.scopesOf(owner, 'all'), query, PASSAGES)
        : Promise.resolve([]),
      this.company.listFacts(owner.tenantId),
    ]);
    const used = hits.filter((h) => h.score >= MIN_SCORE);
    if (!used.length && !facts.length) return null;
    const topic = ctx.path.join(' ');
    const tables = factTables(facts, {
      people: PEOPLE.test(topic),
      projects: PROJECTS.test(topic),
      qualifications: QUALIFICATIONS.test(topic),
    });
    return {
      material: {
        passages: used.map((h) => ({ documentName: h.documentName, text: h.text })),
        facts: facts.slice(0, 40).map(factLine).filter(Boolean),
        tables,
      },
      sources: used.map((h) => ({
        documentId: h.documentId,
        documentName: h.documentName,
        passageId: h.passageId,
        text: h.text.slice(0, 500),
      })),
      facts,
    };
  }

  async finish(catalogId: string, grounding: ChapterGrounding | null, markdown: string): Promise<string> {
    await this.knowledge.repo.setChapterSources(catalogId, JSON.stringify(grounding?.sources ?? []));
    return grounding ? fillPlaceholders(markdown, grounding.facts) : markdown;
  }
}

/**
 * Grounds a chapter context in place (sets `ctx.grounding`) and returns what to hand to `finish`.
 * Retrieval failing must not stop the write: the chapter is then written ungrounded.
 */
export async function groundChapter(
  grounding: Grounding | null,
  owner: { tenantId: string },
  ctx: ChapterContext,
  log: { warn(obj: object, msg: string): void },
): Promise<ChapterGrounding | null> {
  if (!grounding) return null;
  const g = await grounding.forChapter(owner, ctx).catch((err: unknown) => {
    log.warn({ err }, 'knowledge retrieval failed; writing ungrounded');
    return null;
  });
  ctx.grounding = g?.material ?? null;
  return g;
}
