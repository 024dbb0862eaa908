import { markdownToDoc, docText, type PMNode } from '@bid/document';
import type {
  BidFinding,
  BusinessBidInput,
  CatalogNode,
  BusinessBidResult,
  CompanyFact,
  TenderAnalysis,
} from '@bid/shared';
import type { Actor } from '../../policy/actor.ts';
import type { BidService } from '../bid/service.ts';
import type { CatalogService } from '../catalog/service.ts';
import type { AnalysisService } from '../analysis/service.ts';
import type { CompanyLibrary } from './company.ts';
import {
  otherValue,
  peopleOf,
  peopleTable,
  projectsTable,
  qualificationOf,
  qualificationsOf,
  qualificationsTable,
} from './facts.ts';
import { rmbLower, rmbUpper } from './money.ts';
import { bidTermsOf, checkConsistency, openingDateOf, type BidTerms } from './consistency.ts';

const hole = (what: string) => `【待填写：${what}】`;
/** The top-level chapter the generated documents go under. */
const BUSINESS_PART = '商务文件';

/** Qualifications that lapse before the tender's opening date (flagged on the bid). */
export function lapsingQualifications(
  facts: CompanyFact[],
  analysis: Pick<TenderAnalysis, 'keyDates'>,
): CompanyFact[] {
  const opening = openingDateOf(analysis);
  if (!opening) return [];
  return facts.filter((f) => {
    const until = qualificationOf(f)?.validUntil;
    return typeof until === 'string' && until < opening;
  });
}

export function lapsingFindings(
  facts: CompanyFact[],
  analysis: Pick<TenderAnalysis, 'keyDates'>,
): BidFinding[] {
  const opening = openingDateOf(analysis);
  return qualificationsOf(lapsingQualifications(facts, analysis)).map(({ q }) => {
    return {
      kind: 'qualification-lapses',
      message: `资质“${q.name}”有效期至 ${q.validUntil}，早于开标日期 ${opening}，请更新证书或更换`,
    };
  });
}

/** The 商务标 documents as Markdown, from the analysis and the company library. */
export function businessSections(
  analysis: TenderAnalysis,
  facts: CompanyFact[],
  price: number | null,
  t: BidTerms = bidTermsOf(analysis),
): Array<{ title: string; markdown: string }> {
  const p = analysis.project;
  const others = facts.filter((f) => f.kind === 'other');
  const val = (label: string) => otherValue(others, label) ?? hole(label);
  const bidder = val('投标人名称');
  const legal = val('法定代表人');
  const people = peopleOf(facts);
  const agent =
    people.find((x) => /授权|委托/.test(x.role)) ?? people.find((x) => /项目经理|项目负责人/.test(x.role));
  const upper = price ? `人民币${rmbUpper(price)}` : hole('投标总报价（大写）');
  const lower = price ? rmbLower(price) : hole('投标总报价（小写）');
  const project = p.name ?? hole('项目名称');
  const number = p.number ?? hole('项目编号');
  const period = t.period ?? hole('工期');
  const warranty = t.warranty ?? hole('质保期');
  const validity = t.validity ?? hole('投标有效期');
  const lapsing = new Set(lapsingQualifications(facts, analysis).map((f) => f.id));

  const letter = [
    `致：${p.owner ?? hole('招标人名称')}`,
    `根据贵方“${project}”（项目编号：${number}）的招标文件，我方${bidder}经详细研究，决定参加投标，并郑重承诺：`,
    `1. 我方投标总报价为${upper}（${lower}）。`,
    `2. 我方承诺工期（服务期）为${period}，质保期为${warranty}。`,
    `3. 本投标文件的投标有效期为${validity}，在此期间内本投标文件对我方具有约束力。`,
    `4. 我方完全理解并接受招标文件的全部内容，如中标，将按招标文件及合同约定履行全部义务。`,
    `投标人：${bidder}（盖章）`,
    `法定代表人或其委托代理人：${legal}（签字）`,
  ].join('\n\n');

  const authorization = [
    `本授权书声明：${legal}系${bidder}的法定代表人，现授权委托${agent ? `${agent.name}（${agent.role || '委托代理人'}）` : hole('委托代理人姓名')}为我方代理人，以本公司的名义参加“${project}”（项目编号：${number}）的投标活动。`,
    `代理人在投标、开标、评标、合同谈判过程中所签署的一切文件和处理与之有关的一切事务，我方均予以承认。代理人无转委托权。`,
    `本授权书有效期与投标有效期一致（${validity}）。`,
    `投标人：${bidder}（盖章）\u3000法定代表人：${legal}（签字）\u3000委托代理人：${agent?.name ?? hole('委托代理人姓名')}（签字）`,
  ].join('\n\n');

  const summary = [
    '| 项目名称 | 项目编号 | 投标总报价（大写） | 投标总报价（小写） | 工期 | 质保期 | 投标有效期 |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    `| ${project} | ${number} | ${upper} | ${lower} | ${period} | ${warranty} | ${validity} |`,
  ].join('\n');

  const quals = qualificationsTable(facts, lapsing);
  const scans = qualificationsOf(facts)
    .filter(({ q }) => q.fileId)
    .map(({ q }) => {
      // The scan is a picture of the picture library: the editor shows it and the Word export embeds it.
      return `#### ${q.name}\n\n![${q.name}扫描件](/api/picture/client/file/${q.fileId})`;
    });
  const qualText = [
    quals ?? hole('资质证书（请在企业资料库中添加）'),
    ...(analysis.qualifications.length
      ? ['招标文件要求的资格条件：', ...analysis.qualifications.map((q, i) => `${i + 1}. ${q}`)]
      : []),
    ...scans,
  ].join('\n\n');

  const commercial = analysis.requirements.filter((r) =>
    /付款|工期|交货|质保|保修|有效期|保证金|验收|售后|服务期|违约/.test(r.text),
  );
  const deviationRows = (
    commercial.length
      ? commercial.map((r) => r.text)
      : [`工期：${period}`, `质保期：${warranty}`, `投标有效期：${validity}`]
  ).map(
    (text, i) =>
      `| ${i + 1} | ${text.replace(/\|/g, '｜').replace(/\n/g, ' ').slice(0, 300)} | 完全响应 | 无偏离 |`,
  );
  const deviation = [
    '| 序号 | 招标文件商务条款 | 投标响应 | 偏离情况 |',
    '| --- | --- | --- | --- |',
    ...deviationRows,
  ].join('\n');

  return [
    { title: '投标函', markdown: letter },
    { title: '法定代表人授权书', markdown: authorization },
    { title: '开标一览表（报价一览表）', markdown: summary },
    { title: '资格证明文件', markdown: qualText },
    {
      title: '类似项目业绩表',
      markdown: projectsTable(facts) ?? hole('类似项目业绩（请在企业资料库中添加）'),
    },
    { title: '拟派人员表', markdown: peopleTable(facts) ?? hole('拟派人员（请在企业资料库中添加）') },
    { title: '商务条款响应及偏离表', markdown: deviation },
  ];
}

/** Generates the 商务标 of a bid, checks it against the rest of the bid, and (apply) adds it as chapters. */
export class BusinessBidService {
  constructor(
    private readonly bids: BidService,
    private readonly catalog: CatalogService,
    private readonly analysis: AnalysisService,
    private readonly company: CompanyLibrary,
    /** The bid's one 报价 (modules/forms), used when the call names no price, and the terms it states. */
    private readonly offers: {
      find(bidId: string): Promise<{ amount: number } | null>;
      findTerms(bidId: string): Promise<BidTerms>;
    } | null = null,
  ) {}

  async generate(actor: Actor, request: BusinessBidInput): Promise<BusinessBidResult> {
    const bid = await this.bids.getOwned(actor, request.bidId);
    const stored = request.price == null && this.offers ? await this.offers.find(bid.id) : null;
    const input = stored ? { ...request, price: stored.amount } : request;
    const tier = bid.model_type === 'premium' ? 'premium' : 'standard';
    const analysis = await this.analysis.ensureForBid(actor, bid, tier);
    const facts = await this.company.listFacts(actor.tenantId);
    const required = bidTermsOf(analysis, await this.analysis.tenderTextOf(actor, bid).catch(() => ''));
    // The 工期, 质保期 and 投标有效期 the 报价 sheet states, as the tender's own forms state them.
    const offered = this.offers ? await this.offers.findTerms(bid.id) : null;
    const terms: BidTerms = {
      period: offered?.period ?? required.period,
      warranty: offered?.warranty ?? required.warranty,
      validity: offered?.validity ?? required.validity,
    };
    const sections = businessSections(analysis, facts, input.price ?? null, terms);
    const chapters = await this.chapterTexts(bid.id);
    const findings = [
      ...lapsingFindings(facts, analysis),
      ...checkConsistency(terms, input.price ?? null, [
        ...chapters,
        ...sections.map((s) => ({ title: s.title, text: docText(markdownToDoc(s.markdown)) })),
      ]),
    ];
    let catalogId: string | null = null;
    if (input.apply) {
      // A second generation replaces the documents of the first (its chapters are kept as an outline version).
      const existing = (await this.catalog.treeOfBid(bid.id)).find((n) => n.title === BUSINESS_PART);
      const partId =
        existing?.id ?? (await this.catalog.addSibling(actor, { bidId: bid.id, title: BUSINESS_PART })).id;
      const nodes = await this.catalog.saveChildren(
        actor,
        partId,
        sections.map((s) => ({ title: s.title, targetWords: null, scoringItems: null, children: null })),
        'replace',
      );
      catalogId = nodes.id;
      for (const [i, child] of nodes.children.entries())
        await this.catalog.saveGeneratedContent(undefined, child.id, markdownToDoc(sections[i].markdown), {
          engine: 'offline',
          name: '商务标生成',
          createdBy: actor.userId,
        });
    }
    return { sections, findings, catalogId };
  }

  private async chapterTexts(bidId: string): Promise<Array<{ title: string; text: string }>> {
    const out: Array<{ title: string; text: string }> = [];
    const walk = (nodes: Array<CatalogNode & { content?: PMNode }>) => {
      for (const n of nodes) {
        const text = docText(n.content);
        if (text.trim()) out.push({ title: n.title, text });
        walk(n.children);
      }
    };
    walk(await this.catalog.contentTreeOfBid(bidId));
    return out;
  }
}
