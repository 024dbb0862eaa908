import { describe, expect, it } from 'vitest';
import { createUserWithSession } from '../../apps/server/test/helpers/fixtures.ts';
import { releasedTenders } from '../../apps/server/test/helpers/released-tenders.ts';
import { unexpectedErrors } from './helpers/browser.ts';
import { newBid } from './helpers/new-bid.ts';
import { browserSuite } from './helpers/suite.ts';

/**
 * Issue 31: the 报价 entered once on its own screen, from /home by clicks: a bid on the released t4
 * DOCX (包1) shows the tender's own 投标函 and 开标一览表; the 小写 typed once gives the 大写, and both
 * appear in every form; a price above 包1's 最高限价 is refused by the checks' warning; an empty or
 * wrong amount is answered in Chinese.
 */
const released = releasedTenders();
const suite = browserSuite();

describe('报价 and the tender’s forms (browser)', () => {
  it.skipIf(!released.available)(
    'fills the 报价 once and sees it in the 投标函 and the 开标一览表',
    { timeout: 300_000 },
    async () => {
      const user = await createUserWithSession(suite.server, { quota: { bid_number: 2 } });
      const t = await suite.newPage(user.token);
      const { page } = t;
      await newBid(page, { tender: { file: released.file('t4-goods.docx') }, lot: '第 1 包' });

      await page.getByTestId('open-forms').click();
      const panel = page.getByTestId('bid-forms');
      await panel.waitFor({ timeout: 60_000 });
      await panel.getByTestId('price-empty').waitFor();
      const letter = panel.locator('[data-testid="bid-form"][data-title="投标函"]');
      const opening = panel.locator('[data-testid="bid-form"][data-title="开标一览表"]');
      // The tender's own words, before any price: its blanks are still blanks.
      expect(await letter.textContent()).toContain('致：泓川恒信招标咨询有限公司');
      expect(await letter.textContent()).toContain('以投标总价人民币（大写）__________元（¥__________）');

      // Empty and wrong amounts are answered in Chinese.
      await panel.getByTestId('price-save').click();
      await panel.getByText('请输入报价').waitFor();
      await panel.getByTestId('price-input').fill('12.345');
      await panel.getByText('报价最多保留两位小数（到分）').waitFor();

      await panel.getByTestId('price-input').fill('11880000');
      await expect
        .poll(() => panel.getByTestId('price-upper').textContent())
        .toContain('人民币壹仟壹佰捌拾捌万元整');
      await panel.getByTestId('price-save').click();
      await expect
        .poll(() => letter.textContent(), { timeout: 20_000 })
        .toContain('以投标总价人民币（大写）壹仟壹佰捌拾捌万元（¥11,880,000.00）提供包1');
      expect(await opening.textContent()).toContain('11,880,000.00');
      expect(await opening.textContent()).toContain('人民币壹仟壹佰捌拾捌万元整');

      // Changed once, changed everywhere; above 包1's 最高限价 (12,600,000) the screen says so.
      await panel.getByTestId('price-input').fill('12800000.5');
      await panel.getByTestId('price-over-ceiling').waitFor();
      await panel.getByTestId('price-save').click();
      await expect
        .poll(() => letter.textContent(), { timeout: 20_000 })
        .toContain('人民币（大写）壹仟贰佰捌拾万元伍角整（¥12,800,000.50）');
      const text = await opening.textContent();
      expect(text).toContain('12,800,000.50');
      expect(text).toContain('人民币壹仟贰佰捌拾万元伍角整');
      expect(text).not.toContain('11,880,000');
      expect(unexpectedErrors(t.errors)).toEqual([]);
    },
  );
});
