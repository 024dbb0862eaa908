import {
  fenToYuan,
  INVOICE_MSG,
  makePage,
  type AdminInvoiceItem,
  type InvoiceDetail,
  type InvoiceItem,
  type InvoiceListQuery,
  type InvoiceOrder,
  type InvoiceSaved,
  type Page,
  type SaveInvoice,
} from '@bid/shared';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { Actor } from '../../policy/actor.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { quotaHolder } from '../quota/service.ts';
import { InvoiceRepo, type InvoicedOrderRow, type InvoiceScope } from './repo.ts';
import type { InvoiceFiles } from './storage.ts';
import type { InvoiceTable } from './tables.ts';
import { inTx, type Db } from '../../db/db.ts';

/**
 * The invoice policy (issue 30, finding 10): a company's administrator sees, applies for and
 * downloads every invoice of the company (title, tax number, PDF) and sees its paid orders; a plain
 * employee, like a personal account, only their own orders and the invoices they applied for or
 * that cover an order they bought. Anything else answers 404, as a foreign id does.
 */
export function invoiceScope(actor: Actor): InvoiceScope {
  const wholeCompany = quotaHolder(actor) === 'tenant' && actor.role === 'company_admin';
  return { tenantId: actor.tenantId, userId: wholeCompany ? null : actor.userId };
}

export interface IssuedFile {
  file: Buffer;
  fileName: string;
}

function presentOrder(o: InvoicedOrderRow): InvoiceOrder {
  return {
    id: o.id,
    packageName: o.package_name,
    kind: o.kind,
    amount: fenToYuan(o.amount),
    status: o.status,
    payTime: o.paid_at,
  };
}

function presentItem(r: InvoiceTable, orderCount: number): InvoiceItem {
  return {
    id: r.id,
    type: r.type,
    title: r.title,
    taxNumber: r.tax_number,
    amount: fenToYuan(r.amount),
    status: r.status,
    rejectReason: r.reject_reason,
    orderCount,
    createTime: r.created_at,
    issueTime: r.issued_at,
  };
}

function presentDetail(r: InvoiceTable, orders: InvoicedOrderRow[]): InvoiceDetail {
  return {
    ...presentItem(r, orders.length),
    email: r.email,
    address: r.address,
    phone: r.phone,
    bankName: r.bank_name,
    bankAccount: r.bank_account,
    orders: orders.map(presentOrder),
    downloadable: r.status === 'issued' && r.file_path !== null,
    fileName: r.file_name,
  };
}

/** The name the downloaded PDF gets: the title and the invoice number, nothing a path could carry. */
function pdfName(r: InvoiceTable): string {
  return `发票-${r.title.replace(/[\\/:*?"<>|\p{Cc}]/gu, '').slice(0, 60)}-${r.id}.pdf`;
}

/**
 * Invoices (API.md "Commerce"): applying for paid orders, the caller's list and detail, the issued
 * PDF; and the console's side (list, issue by uploading the PDF, reject with a reason). An order is
 * on one live invoice at most: the claim is a unique index, so of two racing applications one wins.
 */
export class InvoiceService {
  private readonly now: () => Date;

  constructor(
    private readonly db: Db,
    private readonly repo: InvoiceRepo,
    private readonly files: InvoiceFiles,
    now?: () => Date,
  ) {
    this.now = now ?? (() => new Date());
  }

  async payableOrders(actor: Actor): Promise<InvoiceOrder[]> {
    return (await this.repo.payableOrders(invoiceScope(actor))).map(presentOrder);
  }

  async save(actor: Actor, input: SaveInvoice): Promise<InvoiceSaved> {
    const ids = [...new Set(input.orderIds)];
    const scope = invoiceScope(actor);
    const now = this.now().toISOString();
    const id = newId();
    try {
      return await inTx(this.db, async (trx) => {
        const orders = await this.repo.paidOrdersIn(trx, scope, ids);
        if (orders.length !== ids.length) throw notFound(INVOICE_MSG.orderUnavailable);
        const amount = orders.reduce((sum, o) => sum + o.amount, 0);
        if (amount <= 0) throw badRequest(INVOICE_MSG.zeroAmount);
        await this.repo.insert(trx, {
          id,
          user_id: actor.userId,
          tenant_id: actor.tenantId,
          holder: quotaHolder(actor),
          type: input.type,
          title: input.title,
          tax_number: input.taxNumber ?? null,
          email: input.email,
          address: input.address ?? null,
          phone: input.phone ?? null,
          bank_name: input.bankName ?? null,
          bank_account: input.bankAccount ?? null,
          amount,
          status: 'pending',
          reject_reason: null,
          file_path: null,
          file_name: null,
          file_size: null,
          file_sha256: null,
          handled_by: null,
          issued_at: null,
          created_at: now,
          updated_at: now,
        });
        await this.repo.claim(trx, id, ids);
        return { id, status: 'pending' as const, amount: fenToYuan(amount) };
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(INVOICE_MSG.orderTaken);
      throw err;
    }
  }

  async list(actor: Actor, q: InvoiceListQuery): Promise<Page<InvoiceItem>> {
    const { rows, total } = await this.repo.page(invoiceScope(actor), q);
    const counts = await this.repo.orderCounts(rows.map((r) => r.id));
    return makePage(
      rows.map((r) => presentItem(r, counts.get(r.id) ?? 0)),
      total,
      q,
    );
  }

  private async mine(actor: Actor, id: string): Promise<InvoiceTable> {
    const row = await this.repo.findScoped(invoiceScope(actor), id);
    if (!row) throw notFound(INVOICE_MSG.notFound);
    return row;
  }

  async detail(actor: Actor, id: string): Promise<InvoiceDetail> {
    const row = await this.mine(actor, id);
    const orders = await this.repo.ordersOf([row.id]);
    return presentDetail(row, orders.get(row.id) ?? []);
  }

  /** The issued PDF of one of the caller's invoices (a foreign id or an unissued invoice: 404). */
  async download(actor: Actor, id: string): Promise<IssuedFile> {
    return this.fileOf(await this.mine(actor, id));
  }

  private async fileOf(row: InvoiceTable): Promise<IssuedFile> {
    if (row.status !== 'issued' || !row.file_path) throw notFound(INVOICE_MSG.fileMissing);
    return { file: await this.files.read(row.file_path), fileName: pdfName(row) };
  }

  // ---- the operators' console ----

  async adminList(q: InvoiceListQuery): Promise<Page<AdminInvoiceItem>> {
    const { rows, total } = await this.repo.adminPage(q);
    const orders = await this.repo.ordersOf(rows.map((r) => r.id));
    return makePage(
      rows.map(({ applicant_account, ...r }) => ({
        ...presentDetail(r, orders.get(r.id) ?? []),
        applicantAccount: applicant_account,
        holder: r.holder === 'tenant' ? ('tenant' as const) : ('user' as const),
      })),
      total,
      q,
    );
  }

  /** Issues a pending invoice with its PDF (checked by its bytes); a handled invoice is refused. */
  async issue(operator: Actor, id: string, uploadedName: string, content: Buffer): Promise<InvoiceDetail> {
    const row = await this.repo.findById(id);
    if (!row) throw notFound(INVOICE_MSG.notFound);
    if (row.status !== 'pending') throw conflict(INVOICE_MSG.notPending);
    const stored = await this.files.save(id, content);
    const now = this.now().toISOString();
    const name = (uploadedName.replace(/[\\/\p{Cc}]/gu, '').trim() || `${id}.pdf`).slice(0, 200);
    const done = await this.repo.markIssued(id, {
      file_path: stored.path,
      file_name: name,
      file_size: stored.size,
      file_sha256: stored.sha256,
      handled_by: operator.userId,
      issued_at: now,
      updated_at: now,
    });
    if (!done) {
      // Someone else handled it while the file was being written: theirs stands.
      await this.files.remove(stored.path);
      throw conflict(INVOICE_MSG.notPending);
    }
    const issued = await this.repo.findById(id);
    const orders = await this.repo.ordersOf([id]);
    return presentDetail(issued ?? row, orders.get(id) ?? []);
  }

  async reject(operator: Actor, id: string, reason: string): Promise<InvoiceDetail> {
    const row = await this.repo.findById(id);
    if (!row) throw notFound(INVOICE_MSG.notFound);
    if (!(await this.repo.markRejected(id, reason, operator.userId, this.now().toISOString())))
      throw conflict(INVOICE_MSG.notPending);
    const orders = await this.repo.ordersOf([id]);
    return presentDetail({ ...row, status: 'rejected', reject_reason: reason }, orders.get(id) ?? []);
  }

  /** The operator checks what was issued. */
  async adminDownload(id: string): Promise<IssuedFile> {
    const row = await this.repo.findById(id);
    if (!row) throw notFound(INVOICE_MSG.notFound);
    return this.fileOf(row);
  }
}
