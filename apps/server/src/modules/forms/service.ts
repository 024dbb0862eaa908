import {
  analysisForLot,
  parseAnalysis,
  priceLinesTotal,
  priceLineTotals,
  rmbLower,
  rmbUpper,
  squashTitle,
  type BidForm,
  type BidForms,
  type BidTermValues,
  type CatalogNode,
  type PlaceholderCheck,
  type SaveBidPriceInput,
  type SaveBidPriceLinesInput,
  type SaveBidTermsInput,
  type TenderAnalysis,
  type TenderForm,
} from '@bid/shared';
import type { PMNode } from '@bid/document';
import { inTx, type Db } from '../../db/db.ts';
import { extractForms } from '../../ai/analysis/forms.ts';
import { withForm } from '../../ai/analysis/amendment-forms.ts';
import { nowIso } from '../../lib/ids.ts';
import { conflict } from '../../http/errors.ts';
import type { Actor } from '../../policy/actor.ts';
import type { BidRow } from '../bid/repo.ts';
import type { BidService } from '../bid/service.ts';
import type { CatalogService } from '../catalog/service.ts';
import type { AnalysisService } from '../analysis/service.ts';
import type { CompanyLibrary } from '../knowledge/company.ts';
import { bidTermsOf, norm, openingDateOf } from '../knowledge/consistency.ts';
import { otherValue } from '../knowledge/facts.ts';
import { formDoc } from './doc.ts';
import { fillForm, type FormValues } from './fill.ts';
import { priceDisagreements, priceFloorOf } from './price-check.ts';
import { OfferRepo } from './repo.ts';
import { priceInYuanDisagreements, termDisagreements } from './stated-terms.ts';
import { PRICE_SHEET, termFindings } from './terms-check.ts';

/** The chapter each form is exported in place of: same title without enumerators, else one naming it. */
export function matchChapters(forms: TenderForm[], tree: CatalogNode[]): Array<string | null> {
  const flat: CatalogNode[] = [];
  const walk = (nodes: CatalogNode[]) => {
    for (const n of nodes) {
      flat.push(n);
      walk(n.children);
    }
  };
  walk(tree);
  const used = new Set<string>();
  const pick = (test: (t: string, f: string) => boolean, f: string) => {
    const hit = flat.find((n) => !used.has(n.id) && test(squashTitle(n.title), f));
    if (hit) used.add(hit.id);
    return hit?.id ?? null;
  };
  const titles = forms.map((f) => squashTitle(f.title.replace(/[（(][^）)]*[）)]$/, '')));
  const out = titles.map((f) => (f ? pick((t, x) => t === x, f) : null));
  // 开标一览表（报价一览表） answers 开标一览表; 法定代表人身份证明及授权委托书 answers 授权委托书 only when nothing closer did.
  return out.map(
    (id, i) => id ?? (titles[i] ? pick((t, x) => t.startsWith(x) || x.startsWith(t), titles[i]) : null),
  );
}

/**
 * The tender's own forms filled for a bid, and the bid's one 报价. The forms come with the stored
 * analysis; an analysis stored before forms were kept (or edited without them) has them read from
 * the tender text again. Every price blank reads the one 报价, so changing it changes every place.
 */
export class FormsService {
  constructor(
    private readonly db: Db,
    private readonly repo: OfferRepo,
    private readonly bids: BidService,
    private readonly catalog: CatalogService,
    private readonly analysis: AnalysisService,
    private readonly company: CompanyLibrary,
  ) {}

  async forms(actor: Actor, bidId: string): Promise<BidForms> {
    return this.formsOfBid(actor, await this.bids.getOwned(actor, bidId));
  }

  async savePrice(actor: Actor, input: SaveBidPriceInput): Promise<BidForms> {
    const bid = await inTx(this.db, async (trx) => {
      const row = await this.bids.lockForWrite(trx, actor, input.id);
      // With 分项 lines the 报价 is their 合计: a second figure typed beside it would disagree.
      if ((await this.repo.findLines(row.id, trx)).length)
        throw conflict('报价由分项报价合计得出，请修改分项报价；如需直接填写总价，请先清空分项');
      await this.repo.save(
        trx,
        row.id,
        input.amount === null ? null : { lot: row.lot, amount: input.amount },
        nowIso(),
      );
      return row;
    });
    return this.formsOfBid(actor, bid);
  }

  /**
   * The 分项报价 lines; their 合计 becomes the one 报价 every form reads. Removing every line keeps
   * the last 报价, which the writer may then type directly.
   */
  async savePriceLines(actor: Actor, input: SaveBidPriceLinesInput): Promise<BidForms> {
    const bid = await inTx(this.db, async (trx) => {
      const row = await this.bids.lockForWrite(trx, actor, input.id);
      await this.repo.saveLines(trx, row.id, input.lines);
      if (input.lines.length)
        await this.repo.save(trx, row.id, { lot: row.lot, amount: priceLinesTotal(input.lines) }, nowIso());
      return row;
    });
    return this.formsOfBid(actor, bid);
  }

  /** The 工期, 质保期 and 投标有效期 the bid states, in one spelling (九十日历天 -> 90日历天). */
  async saveTerms(actor: Actor, input: SaveBidTermsInput): Promise<BidForms> {
    const bid = await inTx(this.db, async (trx) => {
      const row = await this.bids.lockForWrite(trx, actor, input.id);
      const one = (v: string | null) => (v ? norm(v) : null);
      await this.repo.saveTerms(
        trx,
        row.id,
        { period: one(input.period), warranty: one(input.warranty), validity: one(input.validity) },
        nowIso(),
      );
      return row;
    });
    return this.formsOfBid(actor, bid);
  }

  /** The filled forms by the chapter they replace in the Word export. */
  async exportContent(actor: Actor, bidId: string): Promise<Map<string, PMNode>> {
    const out = new Map<string, PMNode>();
    const { forms } = await this.forms(actor, bidId);
    for (const f of forms) if (f.catalogId) out.set(f.catalogId, formDoc(f.blocks));
    return out;
  }

  /**
   * The checks' hook: open blanks of the exported forms; blocking, a price above the 最高限价 or
   * under a stated floor, terms outside the tender's, a price typed into a chapter that is not the 报价.
   */
  async findingsFor(
    actor: Actor,
    bid: BidRow,
    chapters: Array<{ id: string; title: string; text: string }> = [],
  ): Promise<{ replaced: string[]; placeholders: PlaceholderCheck[]; blockers: string[] }> {
    const f = await this.formsOfBid(actor, bid);
    const placeholders = f.forms.flatMap((form) =>
      form.catalogId
        ? form.open.map((label) => ({
            catalogId: form.catalogId!,
            title: form.title,
            text: `【待填写：${label}】`,
          }))
        : [],
    );
    const replaced = f.forms.flatMap((form) => (form.catalogId ? [form.catalogId] : []));
    const exported = new Set(replaced);
    // What a chapter typed by hand must agree with: the one 报价 and the terms the forms state.
    const own = chapters.filter((c) => !exported.has(c.id));
    const { required, offered } = f.terms;
    const blockers = [
      ...f.issues,
      ...(f.price
        ? [...priceDisagreements(f.price.amount, own), ...priceInYuanDisagreements(f.price.amount, own)]
        : []),
      ...termDisagreements(
        {
          period: offered.period ?? required.period,
          warranty: offered.warranty ?? required.warranty,
          validity: offered.validity ?? required.validity,
        },
        own,
      ),
    ];
    return { replaced, placeholders, blockers };
  }

  private async formsOfBid(actor: Actor, bid: BidRow): Promise<BidForms> {
    // The amended tender: a 补遗 that moves the opening moves the date the forms state.
    const stored = await this.bids.analysisOf(bid);
    const analysis = stored ? analysisForLot(stored, bid.lot) : null;
    const text = await this.analysis.tenderTextOf(actor, bid).catch(() => '');
    // An analysis stored before forms were kept has them read from the tender text again, with the
    // forms its amendments replace or add put in.
    const extracted = parseAnalysis(bid.analysis)?.forms.length ? [] : text ? extractForms(text) : [];
    const amended = analysis?.forms ?? [];
    const tenderForms = extracted.length ? amended.reduce(withForm, extracted) : amended;
    const offer = await this.repo.find(bid.id);
    const lines = (await this.repo.findLines(bid.id)).map((l) => ({ ...l, ...priceLineTotals(l) }));
    const required: BidTermValues = analysis
      ? bidTermsOf(analysis, text)
      : { period: null, warranty: null, validity: null };
    const offered = await this.repo.findTerms(bid.id);
    // Each blank asking for a term states the bid's own where it has one, else the tender's.
    const terms: BidTermValues = {
      period: offered.period ?? required.period,
      warranty: offered.warranty ?? required.warranty,
      validity: offered.validity ?? required.validity,
    };
    const values = { ...(await this.valuesOf(bid, analysis, terms, offer?.amount ?? null)), lines };
    const chapters = matchChapters(tenderForms, await this.catalog.treeOfBid(bid.id));
    const forms: BidForm[] = tenderForms.map((form, i) => ({
      title: form.title,
      kind: form.kind,
      catalogId: chapters[i],
      ...fillForm(form, values),
    }));
    const ceiling = analysis?.project.budgetAmount ?? null;
    const price = offer
      ? { amount: offer.amount, upper: `人民币${rmbUpper(offer.amount)}`, lower: rmbLower(offer.amount) }
      : null;
    const floor = analysis
      ? priceFloorOf(
          [
            // A floor an amendment restates comes before the tender's own.
            ...(analysis.amendedFloors ?? []),
            ...analysis.starClauses.map((c) => c.text),
            ...analysis.disqualifications,
            ...analysis.requirements.map((r) => r.text),
            text,
          ],
          ceiling,
          analysis.lots.length ? bid.lot : null,
        )
      : null;
    const overCeiling = Boolean(price && ceiling !== null && price.amount > ceiling + 1e-6);
    const underFloor = Boolean(price && floor !== null && price.amount < floor - 1e-6);
    const issues = [
      ...(overCeiling && price && ceiling !== null
        ? [`报价 ${price.lower} 超过招标文件的最高限价 ${rmbLower(ceiling)}，请在${PRICE_SHEET}中修改报价`]
        : []),
      ...(underFloor && price && floor !== null
        ? [`报价 ${price.lower} 低于招标文件的最低限价 ${rmbLower(floor)}，请在${PRICE_SHEET}中修改报价`]
        : []),
      ...termFindings(required, offered),
    ];
    return {
      lot: bid.lot,
      price,
      ceiling,
      overCeiling,
      floor,
      underFloor,
      terms: { required, offered },
      lines,
      issues,
      forms,
    };
  }

  private async valuesOf(
    bid: BidRow,
    analysis: TenderAnalysis | null,
    terms: BidTermValues,
    price: number | null,
  ): Promise<FormValues> {
    const others = (await this.company.listFacts(bid.tenant_id)).filter((f) => f.kind === 'other');
    const fact = (label: string) => otherValue(others, label);
    return {
      projectName: analysis?.project.name ?? null,
      projectNumber: analysis?.project.number ?? null,
      owner: analysis?.project.owner ?? null,
      lot: bid.lot,
      price,
      validity: terms.validity,
      period: terms.period,
      warranty: terms.warranty,
      bidder: fact('投标人名称'),
      legalRep: fact('法定代表人'),
      creditCode: fact('统一社会信用代码'),
      address: fact('地址'),
      phone: fact('联系电话'),
      postcode: fact('邮编') ?? fact('邮政编码'),
      email: fact('电子邮箱') ?? fact('邮箱'),
      bank: fact('开户银行'),
      account: fact('银行账号') ?? fact('账号'),
      date: analysis ? openingDateOf(analysis) : null,
    };
  }
}
