import { endpoints, type RequestOf } from '@bid/shared';
import { api, type RequestOptions } from '../../api/request.ts';
import { saveBlob } from '../../api/download.ts';

/** Invoices through the shared endpoint table: the user's side and the console's. */
export const invoiceApi = {
  payableOrders: (opts?: RequestOptions) => api.call(endpoints.invoiceOrderList, undefined, opts),
  save: (input: RequestOf<typeof endpoints.saveInvoice>, opts?: RequestOptions) =>
    api.call(endpoints.saveInvoice, input, opts),
  list: (q: RequestOf<typeof endpoints.invoiceList>, opts?: RequestOptions) =>
    api.call(endpoints.invoiceList, q, opts),
  detail: (id: string, opts?: RequestOptions) => api.call(endpoints.invoiceDetail, { id }, opts),
  /** Saves the issued PDF under the name the server gives it. */
  download: async (id: string) => {
    const f = await api.download(endpoints.invoiceDownload, { id }, { fileName: `发票-${id}.pdf` });
    saveBlob(f.blob, f.fileName);
  },
};

export const adminInvoiceApi = {
  list: (q: RequestOf<typeof endpoints.adminInvoiceList>, opts?: RequestOptions) =>
    api.call(endpoints.adminInvoiceList, q, opts),
  issue: (id: string, file: File) => {
    const form = new FormData();
    // The id first: the server reads both parts either way, but a reader of the request sees what it is for.
    form.append('id', id);
    form.append('file', file, file.name);
    return api.upload(endpoints.adminInvoiceIssue, form);
  },
  reject: (input: RequestOf<typeof endpoints.adminInvoiceReject>, opts?: RequestOptions) =>
    api.call(endpoints.adminInvoiceReject, input, opts),
  download: async (id: string) => {
    const f = await api.download(endpoints.adminInvoiceDownload, { id }, { fileName: `发票-${id}.pdf` });
    saveBlob(f.blob, f.fileName);
  },
};

export const invoiceKeys = {
  all: ['invoice'] as const,
  payable: ['invoice', 'payable'] as const,
  admin: ['invoice', 'admin'] as const,
};
