import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithSession } from '../../apps/server/test/helpers/fixtures.ts';
import { CHECKS_TENDER } from '../../apps/server/test/checks-helpers.ts';
import { unexpectedErrors } from './helpers/browser.ts';
import { newBid } from './helpers/new-bid.ts';
import { browserSuite } from './helpers/suite.ts';

/**
 * Issue 31, scope 5, from /home by clicks: a bid from an uploaded tender; its 补遗/澄清 tab starts
 * empty; an uploaded 补遗 that moves the deadline, changes one item's points and adds a ★ clause is
 * listed as three changes (原文 / 变更为), the deadline shown is the new one, and the checks then
 * name the new ★ clause.
 */
const TENDER = CHECKS_TENDER.replace(
  '采购人：南湖区教育局\n',
  '采购人：南湖区教育局\n投标截止时间：2026年12月10日9时30分\n',
);
const AMENDMENT = `南湖区智慧校园运维服务采购项目 补遗文件（第1号）
一、投标截止时间调整为：2026年12月20日9时30分，开标地点不变。
二、评分标准第2项“应急响应措施”分值调整为25分。
三、新增实质性要求：★投标人须提供不少于2名驻场工程师的社保缴纳证明。
`;

describe('amendments (browser)', () => {
  let tmp: string;
  beforeAll(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'amendment-e2e-'));
  });
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
  const suite = browserSuite();

  it('opens the 补遗/澄清 tab, uploads one and sees its three changes', { timeout: 180_000 }, async () => {
    const user = await createUserWithSession(suite.server, { quota: { bid_number: 2 } });
    const t = await suite.newPage(user.token);
    const { page } = t;
    const tender = path.join(tmp, '运维服务招标文件.txt');
    const amendment = path.join(tmp, '补遗文件（第1号）.txt');
    fs.writeFileSync(tender, TENDER);
    fs.writeFileSync(amendment, AMENDMENT);

    await newBid(page, { tender: { file: tender } });

    await page.getByTestId('open-amendments').click();
    const panel = page.getByTestId('bid-amendments');
    await panel.getByTestId('amendments-empty').waitFor({ timeout: 30_000 });
    expect(await panel.getByTestId('amendment-deadline').textContent()).toBe('2026年12月10日9时30分');

    // Pasting nothing is answered in Chinese.
    await panel.getByTestId('amendment-paste-save').click();
    await page.getByText('请粘贴补遗/澄清的文字').waitFor();

    await panel.locator('input[type="file"]').setInputFiles(amendment);
    await panel.getByTestId('amendment').waitFor({ timeout: 30_000 });
    const kinds = await panel
      .getByTestId('amendment-change')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-kind')));
    expect(kinds).toEqual(['date', 'points', 'star']);
    expect(await panel.getByTestId('amendment-after').allTextContents()).toEqual([
      '2026年12月20日9时30分',
      '25分',
      '★投标人须提供不少于2名驻场工程师的社保缴纳证明。',
    ]);
    expect(await panel.getByTestId('amendment-deadline').textContent()).toBe('2026年12月20日9时30分');
    expect(await panel.textContent()).toContain('补遗文件（第1号）.txt');
    // The chapter answering 应急响应措施 is flagged in the drawer and in the outline.
    const flagged = await panel.getByTestId('amendment-flagged').allTextContents();
    expect(flagged).toHaveLength(1);
    expect(flagged[0]).toContain('补遗/澄清调整“应急响应措施”分值：20分 → 25分');
    expect(await page.getByTestId('outline-amended').count()).toBe(1);

    // The checks now require the new ★ clause.
    await page.locator('.ant-drawer-close').click();
    await page.getByTestId('open-checks').click();
    await expect
      .poll(() => page.locator('.bs-checks-drawer').textContent(), { timeout: 20_000 })
      .toContain('投标人须提供不少于2名驻场工程师的社保缴纳证明');
    expect(unexpectedErrors(t.errors)).toEqual([]);
  });
});
