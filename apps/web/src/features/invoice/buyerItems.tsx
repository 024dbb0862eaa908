import type { DescriptionsProps } from 'antd';
import { INVOICE_TYPE_LABELS, type InvoiceDetail } from '@bid/shared';

type Buyer = Pick<
  InvoiceDetail,
  'type' | 'amount' | 'title' | 'taxNumber' | 'email' | 'address' | 'phone' | 'bankName' | 'bankAccount'
>;

/** What an invoice says about its buyer, in the same rows for the user's detail and the operator's view. */
export function invoiceBuyerItems(inv: Buyer): NonNullable<DescriptionsProps['items']> {
  return [
    { key: 'type', label: '发票类型', children: INVOICE_TYPE_LABELS[inv.type] },
    { key: 'amount', label: '金额', children: `¥${inv.amount}` },
    { key: 'title', label: '发票抬头', span: 2, children: inv.title },
    { key: 'taxNumber', label: '纳税人识别号', children: inv.taxNumber ?? '-' },
    { key: 'email', label: '联系邮箱', children: inv.email },
    ...(inv.type === 'special'
      ? [
          { key: 'address', label: '注册地址', children: inv.address },
          { key: 'phone', label: '注册电话', children: inv.phone },
          { key: 'bankName', label: '开户银行', children: inv.bankName },
          { key: 'bankAccount', label: '银行账号', children: inv.bankAccount },
        ]
      : []),
  ];
}
