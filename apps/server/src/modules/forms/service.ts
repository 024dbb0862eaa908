import {
  analysisForLot,
  rmbLower,
  rmbUpper,
  squashTitle,
  type BidForm,
  type BidForms,
  type CatalogNode,
  type PlaceholderCheck,
  type SaveBidPriceInput,
  type TenderAnalysis,
  type TenderForm,
} from '@bid/shared';
import type { PMNode } from '@bid/document';
import { inTx, type Db } from '../../db/db.ts';
import { extractForms } from '../../ai/analysis/forms.ts';
import { nowIso } from '../../lib/ids.ts';
import type { Actor } from '../../policy/actor.ts';
import type { BidRow } from '../bid/repo.ts';
import type { BidService } from '../bid/service.ts';
import type { CatalogService } from '../catalog/service.ts';
import type { AnalysisService } from '../analysis/service.ts';
import type { CompanyLibrary } from '../knowledge/company.ts';
import { bidTermsOf, openingDateOf } from '../knowledge/consistency.ts';
import { otherValue } from '../knowledge/facts.ts';
import { formDoc } from './doc.ts';
import { fillForm, type FormValues } from './fill.ts';
import { priceDisagreements } from './price-check.ts';
import { OfferRepo } from './repo.ts';

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

  /** The filled forms by the chapter they replace in the Word export. */
  async exportContent(actor: Actor, bidId: string): Promise<Map<string, PMNode>> {
    const out = new Map<string, PMNode>();
    const { forms } = await this.forms(actor, bidId);
    for (const f of forms) if (f.catalogId) out.set(f.catalogId, formDoc(f.blocks));
    return out;
  }

  /** The checks' hook: open blanks of the exported forms, and a price above the 最高限价 (blocking). */
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
    const blockers = [
      ...(f.overCeiling && f.price && f.ceiling !== null
        ? [`报价 ${f.price.lower} 超过招标文件的最高限价 ${rmbLower(f.ceiling)}`]
        : []),
      // A price typed into a chapter by hand must be the one 报价 (the forms read it already).
      ...(f.price
        ? priceDisagreements(
            f.price.amount,
            chapters.filter((c) => !exported.has(c.id)),
          )
        : []),
    ];
    return { replaced, placeholders, blockers };
  }

  private async formsOfBid(actor: Actor, bid: BidRow): Promise<BidForms> {
    // The amended tender: a 补遗 that moves the opening moves the date the forms state.
    const stored = await this.bids.analysisOf(bid);
    const analysis = stored ? analysisForLot(stored, bid.lot) : null;
    const text = await this.analysis.tenderTextOf(actor, bid).catch(() => '');
    const tenderForms = analysis?.forms.length ? analysis.forms : text ? extractForms(text) : [];
    const offer = await this.repo.find(bid.id);
    const values = await this.valuesOf(bid, analysis, text, offer?.amount ?? null);
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
    return {
      lot: bid.lot,
      price,
      ceiling,
      overCeiling: Boolean(price && ceiling !== null && price.amount > ceiling + 1e-6),
      forms,
    };
  }

  private async valuesOf(
    bid: BidRow,
    analysis: TenderAnalysis | null,
    text: string,
    price: number | null,
  ): Promise<FormValues> {
    const others = (await this.company.listFacts(bid.tenant_id)).filter((f) => f.kind === 'other');
    const fact = (label: string) => otherValue(others, label);
    const terms = analysis ? bidTermsOf(analysis, text) : { period: null, warranty: null, validity: null };
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
