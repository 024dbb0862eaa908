import { describe, expect, it } from 'vitest';
import { invoicePolicyText } from './MyInvoices.tsx';

describe('the invoice screen says who sees which invoices (issue 30, finding 10)', () => {
  it('a company administrator: the whole company; an employee: their own; a person: plain', () => {
    expect(invoicePolicyText({ isEmployee: 1, role: 'company_admin' })).toContain('本企业全部订单的发票');
    expect(invoicePolicyText({ isEmployee: 1, role: 'employee' })).toMatch(/^你只能看到自己购买的订单/);
    expect(invoicePolicyText({ isEmployee: 0, role: 'personal' })).toBe(
      '已付款的订单可申请发票；开具后在此下载发票 PDF。',
    );
    expect(invoicePolicyText(null)).toBe('已付款的订单可申请发票；开具后在此下载发票 PDF。');
  });
});
