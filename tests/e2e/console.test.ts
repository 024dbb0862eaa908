import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startTestServer } from '../../apps/server/test/helpers/test-server.ts';
import { createUserWithSession } from '../../apps/server/test/helpers/fixtures.ts';
import { SqlOperatorDirectory } from '../../apps/server/src/policy/operator-repo.ts';
import { settled, unexpectedErrors } from './helpers/browser.ts';
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

/** The operators' console: a grant found by phone, a coupon the buyer then uses, both in the audit log. */
describe('operators console (browser)', () => {
  const suite = browserSuite((env) => startTestServer({ ...env, ...BANK }));

  it('an operator grants quota to a user found by phone and creates a coupon; the user sees the quota and buys with the coupon; the operator confirms and refunds that order', async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    const zero = { bid_number: 0, month_bid_number: 0, temporary_bid_number: 0, grant_bid_number: 0 };
    const buyer = await createUserWithSession(suite.server, { quota: zero });
    const operator = await createUserWithSession(suite.server, { quota: zero });
    await new SqlOperatorDirectory(suite.server.built.ctx.db).grant(operator.userId);

    // The operator: /home -> 运营后台 -> 用户与企业 -> search the phone -> 查看 -> grant 5.
    const admin = await suite.newPage(operator.token);
    await admin.page.goto('/home');
    await openMenuItem(admin.page, '运营后台');
    await admin.page.waitForURL((u) => u.pathname === '/admin');
    await expect.poll(() => admin.page.getByTestId('admin-revenue').count(), WAIT).toBe(1);
    await admin.page.screenshot({ path: path.join(SHOTS, 'console-dashboard.png'), fullPage: true });
    await admin.page.getByRole('link', { name: '用户与企业' }).click();
    await admin.page.getByLabel('搜索用户').fill(buyer.phone);
    await admin.page.getByLabel('搜索用户').press('Enter');
    const row = admin.page.getByTestId('admin-users').locator('tr', { hasText: buyer.phone });
    await expect
      .poll(() => admin.page.getByTestId('admin-users').locator('tbody tr.ant-table-row').count(), WAIT)
      .toBe(1);
    await row.getByRole('button', { name: /^查\s?看$/ }).click();
    const drawer = admin.page.locator('.ant-drawer', { hasText: `用户：${buyer.phone}` });
    await expect.poll(() => drawer.getByTestId('user-quota').innerText(), WAIT).toContain('合计 0');
    const grant = drawer.getByTestId('grant-form');
    await grant.getByLabel('份数').fill('5');
    await grant.getByLabel('原因').fill('活动赠送');
    await grant.getByRole('button', { name: /^赠\s?送$/ }).click();
    await expect.poll(() => drawer.getByTestId('user-quota').innerText(), WAIT).toContain('合计 5');
    await admin.page.screenshot({ path: path.join(SHOTS, 'console-user.png') });
    await drawer.locator('.ant-drawer-close').click();

    // 套餐与优惠码 -> 优惠码 -> 新建: 20 yuan off.
    await admin.page.getByRole('link', { name: '套餐与优惠码' }).click();
    await admin.page.getByRole('tab', { name: '优惠码' }).click();
    await admin.page.getByRole('button', { name: '新建优惠码' }).click();
    const form = admin.page.locator('.ant-modal', { hasText: '新建优惠码' });
    await settled(form);
    await form.getByLabel('优惠码').fill('spring20');
    await form.getByLabel('名称').fill('春季立减');
    await form.getByLabel('优惠额度').fill('20');
    await form.getByRole('button', { name: /^保\s?存$/ }).click();
    await expect.poll(() => admin.page.getByTestId('admin-coupons').innerText(), WAIT).toContain('SPRING20');
    await admin.page.screenshot({ path: path.join(SHOTS, 'console-coupons.png') });

    // The user: /home -> 套餐与订单 shows the 5 granted; buying 单份标书 with the code costs 179.00.
    const user = await suite.newPage(buyer.token);
    await user.page.goto('/home');
    await openMenuItem(user.page, '套餐与订单');
    await user.page.waitForURL((u) => u.pathname === '/home/packages');
    await expect
      .poll(() => user.page.getByTestId('packages-quota').innerText(), WAIT)
      .toContain('剩余额度\n5');
    await user.page.getByTestId('package-pkg-count-1').getByRole('button', { name: '购买' }).click();
    const dialog = user.page.locator('.ant-modal', { hasText: '购买：单份标书' });
    await settled(dialog);
    await dialog.getByLabel('优惠码').fill('spring20');
    await dialog.getByRole('button', { name: '使用优惠码' }).click();
    await expect.poll(() => dialog.getByTestId('buy-amount').innerText(), WAIT).toContain('应付：¥179.00');
    await user.page.screenshot({ path: path.join(SHOTS, 'console-buy-coupon.png') });
    await dialog.getByRole('button', { name: '确认下单' }).click();
    const instructions = user.page.getByTestId('transfer-instructions');
    await expect.poll(() => instructions.innerText(), WAIT).toContain('¥179.00');
    const orderId = /订单(\d+)/.exec(await instructions.innerText())?.[1] ?? '';
    expect(orderId).toMatch(/^\d+$/);
    await user.page.getByRole('button', { name: '我知道了' }).click();
    await expect
      .poll(() => user.page.getByTestId('my-orders').innerText(), WAIT)
      .toContain('¥179.00（优惠 ¥20.00）');

    // The operator confirms the transfer, then refunds it with a note: the bought unit is taken back.
    await admin.page.getByRole('link', { name: '订单管理' }).click();
    const orderRow = admin.page.getByTestId('admin-orders').locator('tr', { hasText: orderId });
    await expect.poll(() => orderRow.innerText(), WAIT).toContain('优惠码 SPRING20 减 ¥20.00');
    await orderRow.getByRole('button', { name: '确认收款' }).click();
    await admin.page.locator('.ant-modal-confirm').getByRole('button', { name: '确认收款' }).click();
    await expect.poll(() => admin.page.getByText('已确认收款，额度已到账').count(), WAIT).toBe(1);
    await admin.page.getByText('已付款', { exact: true }).click();
    await orderRow.getByRole('button', { name: /^退\s?款$/ }).click();
    const prompt = admin.page.locator('.ant-modal-confirm', { hasText: '退款说明' });
    await settled(prompt);
    await prompt.getByRole('textbox').fill('已转账退回买家账户');
    await prompt.getByRole('button', { name: '确认退款' }).click();
    await expect.poll(() => admin.page.getByText('已退款：收回 1 份额度').count(), WAIT).toBe(1);
    await user.page.getByRole('button', { name: '刷新' }).click();
    await expect.poll(() => user.page.getByTestId('my-orders').innerText(), WAIT).toContain('已退款');
    await expect
      .poll(() => user.page.getByTestId('packages-quota').innerText(), WAIT)
      .toContain('剩余额度\n5');

    // The operator's 操作日志 holds every action: grant, coupon, confirmation and refund.
    await admin.page.getByRole('link', { name: '操作日志' }).click();
    const audit = admin.page.getByTestId('admin-audit');
    await expect.poll(() => audit.innerText(), WAIT).toContain('order/refund');
    for (const action of ['user/grant', 'coupon/save', 'order/confirm'])
      expect(await audit.innerText()).toContain(action);
    await admin.page.screenshot({ path: path.join(SHOTS, 'console-audit.png') });
    expect(unexpectedErrors(user.errors)).toEqual([]);
    expect(unexpectedErrors(admin.errors)).toEqual([]);
  });
});
