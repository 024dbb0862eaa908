import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startTestServer } from '../../apps/server/test/helpers/test-server.ts';
import { createUserWithSession } from '../../apps/server/test/helpers/fixtures.ts';
import { SqlOperatorDirectory } from '../../apps/server/src/policy/operator-repo.ts';
import {
  startWechatPayStandin,
  type WechatPayStandin,
} from '../../apps/server/test/helpers/wechat-pay-standin.ts';
import { gotoReady, settled, unexpectedErrors, type TrackedPage } from './helpers/browser.ts';
import { browserSuite } from './helpers/suite.ts';

const WAIT = { timeout: 15_000 };
const SHOTS = process.env.E2E_SCREENSHOTS_DIR ?? path.join(os.tmpdir(), 'bid-e2e-shots');
const BANK = {
  TRANSFER_BANK_NAME: '招商银行北京分行',
  TRANSFER_ACCOUNT_NAME: '标书科技有限公司',
  TRANSFER_ACCOUNT_NO: '1109 0000 0000 0001',
};

async function openMenuItem(page: Page, name: string) {
  await page.getByTestId('user-account').first().click();
  const item = page.getByRole('menuitem', { name });
  await settled(page.locator('.ant-dropdown', { has: item }));
  await item.click();
}

/** A PDF as an invoice system hands it over (the server checks the header bytes). */
const INVOICE_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

/** Buying a count pack by bank transfer, the operator confirming it in /admin, the quota rising; then its invoice. */
describe('commerce (browser)', () => {
  const suite = browserSuite((env) => startTestServer({ ...env, ...BANK }));
  /** The buyer's and the operator's pages and the paid order, handed from the purchase to the invoice test. */
  let paid: { user: TrackedPage; admin: TrackedPage; orderId: string } | undefined;

  it('the landing page shows the prices without login, and 查看套餐 opens the packages screen', async () => {
    const visitor = await suite.newPage();
    await gotoReady(visitor.page, '/');
    await expect.poll(() => visitor.page.getByTestId('public-prices').innerText(), WAIT).toContain('¥199.00');
    const member = await createUserWithSession(suite.server);
    const user = await suite.newPage(member.token);
    await gotoReady(user.page, '/');
    await user.page.getByRole('button', { name: '查看套餐' }).click();
    await user.page.waitForURL((u) => u.pathname === '/home/packages');
    await expect
      .poll(() => user.page.getByTestId('package-pkg-yearly').innerText(), WAIT)
      .toContain('¥6999.00');
    expect(unexpectedErrors(visitor.errors)).toEqual([]);
  });

  it('a user buys a 10-bid pack by transfer from /home; the operator confirms it in /admin; the quota rises once', async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    const zero = { bid_number: 0, month_bid_number: 0, temporary_bid_number: 0, grant_bid_number: 0 };
    const buyer = await createUserWithSession(suite.server, { quota: zero });
    const operator = await createUserWithSession(suite.server, { quota: zero });
    await new SqlOperatorDirectory(suite.server.built.ctx.db).grant(operator.userId);

    // The buyer: /home -> user menu -> 套餐与订单 -> 购买 -> 确认下单 -> transfer instructions.
    const user = await suite.newPage(buyer.token);
    await user.page.goto('/home');
    await openMenuItem(user.page, '套餐与订单');
    await user.page.waitForURL((u) => u.pathname === '/home/packages');
    await expect
      .poll(() => user.page.getByTestId('packages-quota').innerText(), WAIT)
      .toContain('剩余额度\n0');
    const pack = user.page.getByTestId('package-pkg-count-10');
    await expect.poll(() => pack.innerText(), WAIT).toContain('¥1690.00');
    await user.page.screenshot({ path: path.join(SHOTS, 'commerce-packages.png') });
    await pack.getByRole('button', { name: '购买' }).click();
    const dialog = user.page.locator('.ant-modal', { hasText: '购买：10 份标书包' });
    await settled(dialog);
    await dialog.getByRole('button', { name: '确认下单' }).click();
    const instructions = user.page.getByTestId('transfer-instructions');
    await expect.poll(() => instructions.innerText(), WAIT).toContain('招商银行北京分行');
    const text = await instructions.innerText();
    expect(text).toContain('1109 0000 0000 0001');
    expect(text).toContain('¥1690.00');
    const orderId = /订单(\d+)/.exec(text)?.[1] ?? '';
    expect(orderId).toMatch(/^\d+$/);
    await user.page.screenshot({ path: path.join(SHOTS, 'commerce-transfer.png') });
    await user.page.getByRole('button', { name: '我知道了' }).click();
    const myOrders = user.page.getByTestId('my-orders');
    await expect.poll(() => myOrders.innerText(), WAIT).toContain(orderId);
    expect(await myOrders.innerText()).toContain('待付款');

    // The operator, in a second browser context: /home -> user menu -> 运营后台 -> 订单管理 -> 确认收款.
    const admin = await suite.newPage(operator.token);
    await admin.page.goto('/home');
    await openMenuItem(admin.page, '运营后台');
    await admin.page.waitForURL((u) => u.pathname === '/admin');
    await expect
      .poll(() => admin.page.getByTestId('admin-dashboard').innerText(), WAIT)
      .toContain('待确认订单\n1');
    await admin.page.screenshot({ path: path.join(SHOTS, 'commerce-admin.png') });
    await admin.page.getByRole('link', { name: '订单管理' }).click();
    const row = admin.page.locator('tr', { hasText: orderId });
    await expect.poll(() => row.count(), WAIT).toBe(1);
    await expect.poll(() => admin.page.locator('.ant-table .ant-spin-spinning').count(), WAIT).toBe(0);
    await admin.page.screenshot({ path: path.join(SHOTS, 'commerce-admin-orders.png') });
    await row.getByRole('button', { name: '确认收款' }).click();
    const confirm = admin.page.locator('.ant-modal-confirm');
    await settled(confirm);
    // The toast lasts 3 s: watched in the page from before the click, not polled from outside (a
    // slow round trip on a loaded machine can fall between two polls).
    const toastShown = admin.page.getByText('已确认收款，额度已到账').waitFor({ timeout: 30_000 });
    await confirm.getByRole('button', { name: '确认收款' }).click();
    await confirm.waitFor({ state: 'hidden', timeout: 30_000 });
    await toastShown;
    await expect.poll(() => row.count(), WAIT).toBe(0);

    // Back to the buyer: 刷新 shows the paid order and 10 more bids, in the page and the header.
    await user.page.getByRole('button', { name: '刷新' }).click();
    await expect
      .poll(() => user.page.getByTestId('packages-quota').innerText(), WAIT)
      .toContain('剩余额度\n10');
    await expect.poll(() => myOrders.innerText(), WAIT).toContain('已付款');
    await expect.poll(() => user.page.getByTestId('quota-badge').innerText(), WAIT).toContain('10');
    await user.page.getByRole('tab', { name: '额度明细' }).click();
    await expect
      .poll(() => user.page.getByRole('tabpanel', { name: '额度明细' }).innerText(), WAIT)
      .toContain('+10');

    // A normal user who types /admin gets the console's refusal, not its data.
    await user.page.goto('/admin');
    await expect.poll(() => user.page.getByText('仅运营人员可以访问').count(), WAIT).toBe(1);

    const row2 = await suite.server.built.ctx.db
      .selectFrom('users')
      .select('bid_number')
      .where('id', '=', buyer.userId)
      .executeTakeFirstOrThrow();
    expect(row2.bid_number).toBe(10);
    expect(unexpectedErrors(user.errors)).toEqual([]);
    expect(unexpectedErrors(admin.errors)).toEqual([]);
    paid = { user, admin, orderId };
  });

  it('the buyer applies for an invoice for the paid order; the operator rejects it, then issues the corrected one by uploading the PDF; the buyer downloads that PDF', async () => {
    expect(paid).toBeDefined();
    const { user, admin, orderId } = paid!;

    // The buyer: /home -> 套餐与订单 -> the paid order's 申请发票 -> a 普通发票 to a person.
    await user.page.goto('/home');
    await openMenuItem(user.page, '套餐与订单');
    await user.page.waitForURL((u) => u.pathname === '/home/packages');
    const orderRow = user.page.getByTestId('my-orders').locator('tr', { hasText: orderId });
    await orderRow.getByRole('button', { name: '申请发票' }).click();
    const apply = user.page.locator('.ant-modal', { hasText: '申请发票' });
    await settled(apply);
    await expect.poll(() => apply.getByTestId('invoice-apply-total').innerText(), WAIT).toBe('¥1690.00');
    await apply.getByLabel('发票抬头').fill('张三');
    await apply.getByLabel('联系邮箱').fill('zhangsan@example.com');
    await apply.getByRole('button', { name: '提交申请' }).click();
    const mine = user.page.getByTestId('my-invoices');
    await expect.poll(() => mine.innerText(), WAIT).toContain('申请中');

    // The operator: 发票管理 -> 驳回 with a reason.
    await admin.page.getByRole('link', { name: '发票管理' }).click();
    await admin.page.waitForURL((u) => u.pathname === '/admin/invoices');
    const first = admin.page.getByTestId('admin-invoices').locator('tr', { hasText: '张三' });
    await expect.poll(() => first.count(), WAIT).toBe(1);
    await first.getByRole('button', { name: /^驳\s?回$/ }).click();
    const prompt = admin.page.locator('.ant-modal-confirm', { hasText: '驳回发票申请' });
    await settled(prompt);
    await prompt.getByRole('textbox').fill('公司报销请填写单位抬头与税号');
    await prompt.getByRole('button', { name: /^驳\s?回$/ }).click();
    const sure = admin.page.locator('.ant-modal-confirm', { hasText: '确认驳回' });
    await settled(sure);
    const rejectedToast = admin.page.getByText('已驳回，用户可看到原因').waitFor({ timeout: 30_000 });
    await sure.getByRole('button', { name: '确认驳回' }).click();
    await rejectedToast;
    await expect.poll(() => first.count(), WAIT).toBe(0);

    // The buyer sees why, and applies again from the 发票 tab: a 专用发票 to the company.
    await user.page.getByRole('button', { name: '刷新' }).click();
    await expect.poll(() => mine.innerText(), WAIT).toContain('公司报销请填写单位抬头与税号');
    expect(await mine.innerText()).toContain('已驳回');
    // Who sees which invoices is said on the tab (issue 30, finding 10): a personal buyer their own.
    expect(await user.page.getByRole('tabpanel', { name: '发票' }).innerText()).toContain(
      '已付款的订单可申请发票；开具后在此下载发票 PDF。',
    );
    await user.page.getByRole('tabpanel', { name: '发票' }).getByRole('button', { name: '申请发票' }).click();
    await settled(apply);
    const again = apply.locator('tr', { hasText: orderId });
    await again.getByRole('checkbox').check();
    await expect.poll(() => apply.getByTestId('invoice-apply-total').innerText(), WAIT).toBe('¥1690.00');
    await apply.getByRole('radio', { name: '增值税专用发票' }).check();
    await apply.getByLabel('发票抬头').fill('标书测试科技有限公司');
    await apply.getByLabel('纳税人识别号').fill('91110108MA01ABCD2X');
    await apply.getByLabel('联系邮箱').fill('finance@example.com');
    // 专用发票 without the bank details: refused under the field, nothing sent.
    await apply.getByRole('button', { name: '提交申请' }).click();
    await expect.poll(() => apply.getByText('专用发票请填写开户银行').count(), WAIT).toBe(1);
    await apply.getByLabel('注册地址').fill('北京市海淀区中关村大街 1 号');
    await apply.getByLabel('注册电话').fill('010-12345678');
    await apply.getByLabel('开户银行').fill('招商银行北京分行');
    await apply.getByLabel('银行账号').fill('110900000000001');
    await user.page.screenshot({ path: path.join(SHOTS, 'invoice-apply.png') });
    await apply.getByRole('button', { name: '提交申请' }).click();
    await expect.poll(() => mine.innerText(), WAIT).toContain('申请中');
    expect(await mine.innerText()).toContain('标书测试科技有限公司');

    // The operator: 申请中 -> 开具 -> choose the PDF -> 确认开具.
    await admin.page.getByRole('button', { name: '刷新' }).click();
    const pending = admin.page
      .getByTestId('admin-invoices')
      .locator('tr', { hasText: '标书测试科技有限公司' });
    await expect.poll(() => pending.count(), WAIT).toBe(1);
    await pending.getByRole('button', { name: /^开\s?具$/ }).click();
    const issue = admin.page.locator('.ant-modal', { hasText: '开具发票' });
    await settled(issue);
    expect(await issue.innerText()).toContain('招商银行北京分行');
    await issue
      .locator('input[type=file]')
      .setInputFiles({ name: '电子发票.pdf', mimeType: 'application/pdf', buffer: INVOICE_PDF });
    await expect.poll(() => issue.getByText('电子发票.pdf').count(), WAIT).toBe(1);
    await admin.page.screenshot({ path: path.join(SHOTS, 'invoice-issue.png') });
    const issuedToast = admin.page.getByText('发票已开具，用户可下载').waitFor({ timeout: 30_000 });
    await issue.getByRole('button', { name: '确认开具' }).click();
    await issuedToast;
    await expect.poll(() => pending.count(), WAIT).toBe(0);

    // The buyer: 刷新 shows it issued; 下载 saves the very PDF the operator uploaded.
    await user.page.getByRole('button', { name: '刷新' }).click();
    await expect.poll(() => mine.innerText(), WAIT).toContain('已开具');
    await user.page.screenshot({ path: path.join(SHOTS, 'invoice-issued.png') });
    const [download] = await Promise.all([
      user.page.waitForEvent('download'),
      mine.getByRole('button', { name: '下载' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^发票-标书测试科技有限公司-\d+\.pdf$/);
    const saved = await download.path();
    expect(fs.readFileSync(saved).equals(INVOICE_PDF)).toBe(true);
    // 详情 shows what was invoiced.
    await mine
      .locator('tr', { hasText: '标书测试科技有限公司' })
      .getByRole('button', { name: /^详\s?情$/ })
      .click();
    const detail = user.page.getByTestId('invoice-detail');
    await expect.poll(() => detail.innerText(), WAIT).toContain(orderId);
    expect(await detail.innerText()).toContain('招商银行北京分行');

    // The operator finds it under 已开具 and can open the PDF that was issued.
    await admin.page.getByText('已开具', { exact: true }).click();
    const issuedRow = admin.page
      .getByTestId('admin-invoices')
      .locator('tr', { hasText: '标书测试科技有限公司' });
    await expect.poll(() => issuedRow.count(), WAIT).toBe(1);
    const [copy] = await Promise.all([
      admin.page.waitForEvent('download'),
      issuedRow.getByRole('button', { name: '查看 PDF' }).click(),
    ]);
    expect(fs.readFileSync(await copy.path()).equals(INVOICE_PDF)).toBe(true);
    expect(unexpectedErrors(user.errors)).toEqual([]);
    expect(unexpectedErrors(admin.errors)).toEqual([]);
  });
});

/** Paying by WeChat: the QR code, then the page turning paid by itself when WeChat's notification arrives. */
describe('commerce by WeChat Pay (browser)', () => {
  let wx: WechatPayStandin | undefined;
  const suite = browserSuite(async (env) => {
    wx = await startWechatPayStandin();
    return startTestServer({ ...env, ...wx.env });
  });
  afterAll(async () => {
    await wx?.close();
  });

  it('a user buys a 10-bid pack with 微信支付: the QR code shows, the payment notification turns the page paid and the quota rises', async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    const buyer = await createUserWithSession(suite.server, {
      quota: { bid_number: 0, month_bid_number: 0, temporary_bid_number: 0, grant_bid_number: 0 },
    });
    const user = await suite.newPage(buyer.token);
    await user.page.goto('/home');
    await openMenuItem(user.page, '套餐与订单');
    await user.page.waitForURL((u) => u.pathname === '/home/packages');
    const pack = user.page.getByTestId('package-pkg-count-10');
    await expect.poll(() => pack.innerText(), WAIT).toContain('¥1690.00');
    await pack.getByRole('button', { name: '购买' }).click();
    const dialog = user.page.locator('.ant-modal', { hasText: '购买：10 份标书包' });
    await settled(dialog);
    await dialog.getByRole('radio', { name: '微信支付' }).check();
    await dialog.getByRole('button', { name: '确认下单' }).click();
    const qr = user.page.getByTestId('wechat-pay');
    await expect.poll(() => qr.locator('canvas, svg').count(), WAIT).toBeGreaterThan(0);
    expect(await qr.innerText()).toContain('¥1690.00');
    await user.page.screenshot({ path: path.join(SHOTS, 'commerce-wechat-qr.png') });

    // WeChat tells the server the order is paid (signed and encrypted as WeChat does).
    const order = await suite.server.built.ctx.db
      .selectFrom('orders')
      .select(['id', 'amount'])
      .where('user_id', '=', buyer.userId)
      .executeTakeFirstOrThrow();
    expect(wx!.received.at(-1)).toMatchObject({ verified: true, body: { out_trade_no: order.id } });
    const delivered = await wx!.notify(suite.server.baseUrl, wx!.notification(order.id, order.amount));
    expect(delivered.status).toBe(200);

    await expect.poll(() => user.page.getByTestId('wechat-paid').count(), WAIT).toBe(1);
    await expect.poll(() => user.page.getByTestId('quota-badge').innerText(), WAIT).toContain('10');
    await user.page.getByRole('button', { name: '我知道了' }).click();
    await expect.poll(() => user.page.getByTestId('my-orders').innerText(), WAIT).toContain('已付款');
    expect(unexpectedErrors(user.errors)).toEqual([]);
  });
});
