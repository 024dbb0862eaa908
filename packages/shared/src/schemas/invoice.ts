import { z } from 'zod';
import { longText, plainText } from './text.ts';
import { idSchema } from './common.ts';
import { ORDER_STATUSES, PACKAGE_KINDS } from './commerce.ts';

/**
 * Invoices (API.md "Commerce", SPEC section 7 Invoice): a user applies for paid orders; an operator
 * issues the invoice by uploading its PDF, or rejects the application with a reason.
 */
export const INVOICE_TYPES = ['normal', 'special'] as const;
export type InvoiceType = (typeof INVOICE_TYPES)[number];

export const INVOICE_STATUSES = ['pending', 'issued', 'rejected'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const INVOICE_TYPE_LABELS: Record<InvoiceType, string> = {
  normal: '增值税普通发票',
  special: '增值税专用发票',
};
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  pending: '申请中',
  issued: '已开具',
  rejected: '已驳回',
};

export const INVOICE_LIMITS = {
  /** An issued invoice PDF. */
  pdfBytes: 10 * 1024 * 1024,
  ordersPerInvoice: 50,
} as const;

export const INVOICE_MSG = {
  notFound: '发票不存在',
  orderUnavailable: '所选订单不存在、未付款或不属于您',
  orderTaken: '所选订单已在其他发票申请中，请刷新后重新选择',
  zeroAmount: '所选订单实付金额为 0，无需开票',
  notPending: '该发票已处理，不能重复操作',
  pdfMissing: '请上传发票 PDF 文件',
  pdfInvalid: '上传的文件不是 PDF，请上传发票的 PDF 文件',
  pdfTooLarge: `发票 PDF 不能超过 ${INVOICE_LIMITS.pdfBytes / 1024 / 1024} MB`,
  fileMissing: '发票文件不存在，请联系客服',
} as const;

/** 统一社会信用代码 (18) or an older 税号 (15 or 20), letters and digits. */
const TAX_NUMBER = /^[0-9A-Z]{15}$|^[0-9A-Z]{18}$|^[0-9A-Z]{20}$/;

const optionalText = (label: string, max: number) =>
  plainText()
    .trim()
    .max(max, `${label}不能超过 ${max} 个字符`)
    .optional()
    .transform((v) => (v ? v : undefined));

/** POST invoice/client/saveInvoice. 专用发票 needs the company's address, phone, bank and account. */
export const saveInvoiceSchema = z
  .object({
    orderIds: z
      .array(idSchema)
      .min(1, '请选择要开票的订单')
      .max(INVOICE_LIMITS.ordersPerInvoice, `一次最多为 ${INVOICE_LIMITS.ordersPerInvoice} 个订单开票`),
    type: z.enum(INVOICE_TYPES, { message: '发票类型只能是普通发票或专用发票' }),
    title: plainText().trim().min(1, '请填写发票抬头').max(100, '发票抬头不能超过 100 个字符'),
    taxNumber: plainText()
      .trim()
      .toUpperCase()
      .optional()
      .transform((v) => (v ? v : undefined))
      .refine((v) => v === undefined || TAX_NUMBER.test(v), '纳税人识别号应为 15、18 或 20 位字母或数字'),
    email: plainText()
      .trim()
      .min(1, '请填写联系邮箱')
      .max(100, '邮箱不能超过 100 个字符')
      .email('邮箱格式不正确'),
    address: optionalText('注册地址', 200),
    phone: optionalText('注册电话', 30),
    bankName: optionalText('开户银行', 100),
    bankAccount: optionalText('银行账号', 40),
  })
  .superRefine((v, ctx) => {
    if (v.type !== 'special') return;
    const need: Array<[keyof typeof v, string]> = [
      ['taxNumber', '专用发票请填写纳税人识别号'],
      ['address', '专用发票请填写注册地址'],
      ['phone', '专用发票请填写注册电话'],
      ['bankName', '专用发票请填写开户银行'],
      ['bankAccount', '专用发票请填写银行账号'],
    ];
    for (const [field, message] of need)
      if (!v[field]) ctx.addIssue({ code: 'custom', path: [field], message });
  });
export type SaveInvoiceInput = z.input<typeof saveInvoiceSchema>;
export type SaveInvoice = z.output<typeof saveInvoiceSchema>;

const moneySchema = z.string().regex(/^\d+\.\d{2}$/);

/** A paid order that can still be invoiced (getOrderList), or one on an invoice (detail). */
export const invoiceOrderSchema = z.object({
  id: z.string(),
  packageName: z.string(),
  kind: z.enum(PACKAGE_KINDS),
  amount: moneySchema,
  status: z.enum(ORDER_STATUSES),
  payTime: z.string().nullable(),
});
export type InvoiceOrder = z.infer<typeof invoiceOrderSchema>;

export const invoiceItemSchema = z.object({
  id: z.string(),
  type: z.enum(INVOICE_TYPES),
  title: z.string(),
  taxNumber: z.string().nullable(),
  amount: moneySchema,
  status: z.enum(INVOICE_STATUSES),
  rejectReason: z.string().nullable(),
  orderCount: z.number(),
  createTime: z.string(),
  issueTime: z.string().nullable(),
});
export type InvoiceItem = z.infer<typeof invoiceItemSchema>;

export const invoiceDetailSchema = invoiceItemSchema.extend({
  email: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  bankName: z.string().nullable(),
  bankAccount: z.string().nullable(),
  orders: z.array(invoiceOrderSchema),
  /** True when the issued PDF can be downloaded (invoice/client/download). */
  downloadable: z.boolean(),
  fileName: z.string().nullable(),
});
export type InvoiceDetail = z.infer<typeof invoiceDetailSchema>;

export const invoiceListQuerySchema = z.object({
  current: z.coerce.number().int().min(1, '页码必须从 1 开始').default(1),
  size: z.coerce
    .number()
    .int()
    .min(1, '每页条数须在 1 到 100 之间')
    .max(100, '每页条数须在 1 到 100 之间')
    .default(10),
  status: z.enum(INVOICE_STATUSES, { message: '发票状态不正确' }).optional(),
});
export type InvoiceListQuery = z.infer<typeof invoiceListQuerySchema>;

/** The console's list: the applicant too. */
export const adminInvoiceItemSchema = invoiceDetailSchema.extend({
  applicantAccount: z.string(),
  /** 'user' or 'tenant' (a company's invoice). */
  holder: z.enum(['user', 'tenant']),
});
export type AdminInvoiceItem = z.infer<typeof adminInvoiceItemSchema>;

export const rejectInvoiceSchema = z.object({
  id: idSchema,
  reason: longText().trim().min(1, '请填写驳回原因').max(200, '驳回原因不能超过 200 个字符'),
});
export type RejectInvoiceInput = z.input<typeof rejectInvoiceSchema>;

export const invoiceSavedSchema = z.object({
  id: z.string(),
  status: z.enum(INVOICE_STATUSES),
  amount: moneySchema,
});
export type InvoiceSaved = z.infer<typeof invoiceSavedSchema>;
