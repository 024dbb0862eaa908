import { describe, expect, it } from 'vitest';
import { createUserWithSession } from '../../apps/server/test/helpers/fixtures.ts';
import { LIMITS_TENDER } from '../../apps/server/test/helpers/tenders.ts';
import { unexpectedErrors } from './helpers/browser.ts';
import { newBid } from './helpers/new-bid.ts';
import { browserSuite } from './helpers/suite.ts';

/**
 * The 报价 sheet by clicks from /home (issue 31, scope 2): a tender with a 最高限价, a floor and terms;
 * two 分项 lines with taxes whose 合计 becomes the 投标函's price; a 投标有效期 shorter than the
 * tender's named, with both values, on the sheet.
 */
describe('the 报价 sheet from /home (browser)', () => {
  const suite = browserSuite();

  it('分项 lines become the 投标函’s price; a short 投标有效期 is named', { timeout: 300_000 }, async () => {
    const user = await createUserWithSession(suite.server, { quota: { bid_number: 2 } });
    const t = await suite.newPage(user.token);
    const { page } = t;
    await newBid(page, { tender: { name: '道路照明维护投标', text: LIMITS_TENDER } });
    await page.locator('[data-testid="outline-node"]').first().waitFor({ timeout: 60_000 });

    await page.getByTestId('open-forms').click();
    const sheet = page.getByTestId('bid-forms');
    await sheet.getByTestId('price-empty').waitFor({ timeout: 60_000 });
    await sheet.getByText('招标文件最低限价：¥4,250,000.00').waitFor();
    expect(await sheet.textContent()).toContain('招标文件要求：2年');

    // Two lines: 120 × 25,000 at 9 % and 12 × 80,000.50 at 6 %.
    await sheet.getByTestId('line-add').click();
    await sheet.getByTestId('line-add').click();
    const rows = sheet.getByTestId('price-line');
    const fill = async (i: number, name: string, q: string, p: string, r: string) => {
      const row = rows.nth(i);
      await row.getByTestId('line-name').fill(name);
      await row.getByTestId('line-quantity').fill(q);
      await row.getByTestId('line-price').fill(p);
      await row.getByTestId('line-rate').fill(r);
    };
    await fill(0, '路灯维修', '120', '25000', '9');
    await fill(1, '巡检服务', '12', '80000.5', '6');
    await expect.poll(() => sheet.getByTestId('lines-total').textContent()).toBe('分项合计：¥4,287,606.36');
    expect(await sheet.getByTestId('line-tax').allTextContents()).toEqual(['¥270,000.00', '¥57,600.36']);
    await sheet.getByTestId('lines-save').click();
    await page
      .getByText('分项报价已保存，报价为分项合计，所有格式中的报价已更新')
      .waitFor({ timeout: 20_000 });
    const letter = sheet.locator('[data-testid="bid-form"][data-title="投标函"]');
    await expect.poll(() => letter.textContent(), { timeout: 20_000 }).toContain('（¥4,287,606.36）');
    expect(await sheet.getByTestId('price-upper').textContent()).toContain(
      '人民币肆佰贰拾捌万柒仟陆佰零陆元叁角陆分',
    );

    // A 投标有效期 shorter than the tender's: the sheet names both values and where to change it.
    await sheet.getByTestId('term-validity').fill('60日历天');
    await sheet.getByTestId('terms-save').click();
    await expect
      .poll(() => sheet.getByTestId('forms-issues').textContent(), { timeout: 20_000 })
      .toContain('投标有效期短于招标文件要求：“报价与格式”中填写的是 60日历天，招标文件要求 90日历天');
    expect(await letter.textContent()).toContain('投标有效期为60日历天');
    expect(unexpectedErrors(t.errors)).toEqual([]);
  });
});
