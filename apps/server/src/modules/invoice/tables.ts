import type { InvoiceStatus, InvoiceType } from '@bid/shared';

/** Tables of migration 1310 (invoices). */
export interface InvoiceTable {
  id: string;
  /** The applicant. */
  user_id: string;
  tenant_id: string;
  /** 'user' or 'tenant' (a company user applied); who sees it: invoiceScope in service.ts. */
  holder: 'user' | 'tenant';
  type: InvoiceType;
  title: string;
  tax_number: string | null;
  email: string;
  address: string | null;
  phone: string | null;
  bank_name: string | null;
  bank_account: string | null;
  /** Fen: the sum of the orders at application. */
  amount: number;
  status: InvoiceStatus;
  reject_reason: string | null;
  /** The issued PDF, relative to DATA_DIR. */
  file_path: string | null;
  file_name: string | null;
  file_size: number | null;
  file_sha256: string | null;
  /** The operator who issued or rejected it. */
  handled_by: string | null;
  issued_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface InvoiceOrderTable {
  invoice_id: string;
  order_id: string;
  /** The order id while the invoice is live (pending or issued), null once rejected; unique. */
  claim: string | null;
}
