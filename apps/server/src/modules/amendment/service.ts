import {
  AMENDMENT_MSG,
  parseAnalysis,
  type AddBidAmendmentInput,
  type BidAmendments,
  type CatalogNode,
} from '@bid/shared';
import { inTx, type Db } from '../../db/db.ts';
import { applyAmendments, deadlineOf, readAmendment } from '../../ai/analysis/amendment.ts';
import { badRequest, businessWarning } from '../../http/errors.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import type { Actor } from '../../policy/actor.ts';
import type { AnalysisService } from '../analysis/service.ts';
import type { BidRow } from '../bid/repo.ts';
import type { BidService } from '../bid/service.ts';
import type { CatalogService } from '../catalog/service.ts';
import type { FileService } from '../file/service.ts';
import type { AmendedAnalysis } from './amended.ts';
import { changesOf } from './amended.ts';
import type { AmendmentRepo } from './repo.ts';

/** Ids of the scoring items a chapter answers (the outline stores the items themselves). */
function itemIdsOf(node: CatalogNode): string[] {
  return (node.scoringItems ?? []).flatMap((i) =>
    i && typeof i === 'object' && 'id' in i && typeof i.id === 'string' ? [i.id] : [],
  );
}

/**
 * A bid's amendments (补遗 / 澄清 / 答疑): each is read against the tender's analysis when it is
 * added and its changes kept; the bid's stored analysis is left as the tender says, and the
 * amended one (AmendedAnalysis) is what the detail, forms and checks read, so re-reading the tender
 * keeps the amendments.
 */
export class AmendmentService {
  constructor(
    private readonly db: Db,
    private readonly repo: AmendmentRepo,
    private readonly bids: BidService,
    private readonly catalog: CatalogService,
    private readonly analysis: AnalysisService,
    private readonly files: FileService,
    private readonly amendedAnalysis: AmendedAnalysis,
  ) {}

  async list(actor: Actor, bidId: string): Promise<BidAmendments> {
    return this.present(await this.bids.getOwned(actor, bidId));
  }

  async add(actor: Actor, input: AddBidAmendmentInput): Promise<BidAmendments> {
    const bid = await this.bids.getOwned(actor, String(input.id));
    const file = input.fileId ? await this.files.textOf(actor, String(input.fileId)) : null;
    const text = (file?.text ?? input.text ?? '').trim();
    if (!text) throw badRequest(AMENDMENT_MSG.empty);
    const stored = parseAnalysis(bid.analysis);
    if (!stored) throw businessWarning(AMENDMENT_MSG.noTender);
    const tender = await this.analysis.tenderTextOf(actor, bid);
    // Read against the tender as already amended: a second 补遗 changes what the first made.
    const prior = await this.amendedAnalysis.changes(bid.id);
    const changes = readAmendment(applyAmendments(stored, prior), tender, text);
    const name = input.name?.trim() || file?.name || `补遗/澄清（${nowIso().slice(0, 10)}）`;
    await inTx(this.db, async (trx) => {
      await this.bids.lockForWrite(trx, actor, bid.id);
      await this.repo.insert(trx, {
        id: newId(),
        bid_id: bid.id,
        name: name.slice(0, 200),
        file_id: input.fileId ? String(input.fileId) : null,
        text,
        changes: JSON.stringify(changes),
        created_at: nowIso(),
      });
    });
    return this.present(bid);
  }

  private async present(bid: BidRow): Promise<BidAmendments> {
    const rows = await this.repo.list(bid.id);
    const amendments = rows.map((r) => ({
      id: r.id,
      name: r.name,
      createdAt: r.created_at,
      changes: changesOf(r),
    }));
    const all = amendments.flatMap((a) => a.changes);
    const stored = parseAnalysis(bid.analysis);
    const amended = stored ? applyAmendments(stored, all) : null;
    // A chapter answering an item whose points changed is flagged, with the change as the reason.
    const changed = new Map(
      all.flatMap((c) =>
        c.kind === 'points' && c.itemId
          ? [[c.itemId, `补遗/澄清调整“${c.label}”分值：${c.before ?? '未注明'} → ${c.after}`] as const]
          : [],
      ),
    );
    const flagged: BidAmendments['flagged'] = [];
    const walk = (nodes: CatalogNode[]) => {
      for (const n of nodes) {
        for (const itemId of itemIdsOf(n)) {
          const reason = changed.get(itemId);
          if (reason) flagged.push({ catalogId: n.id, title: n.title, itemId, reason });
        }
        walk(n.children);
      }
    };
    if (changed.size) walk(await this.catalog.treeOfBid(bid.id));
    return { amendments, deadline: amended ? deadlineOf(amended) : null, flagged };
  }
}
