import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unzip } from '@bid/document/docx/zip';
import { createUserWithSession } from '../../apps/server/test/helpers/fixtures.ts';
import { VOLUMES_TENDER } from '../../apps/server/test/helpers/tenders.ts';
import { unexpectedErrors } from './helpers/browser.ts';
import { newBid } from './helpers/new-bid.ts';
import { openVolumesExport } from './helpers/volumes.ts';
import { browserSuite } from './helpers/suite.ts';

/**
 * Issue 31's acceptance, one writer's way through it from /home by clicks: upload a tender that
 * asks for 明标 + 暗标 volumes, fill the 报价 sheet, export the volumes as one zip, open the
 * 补遗/澄清 tab and upload an amendment that moves the deadline.
 */
// The volumes tender of the API tests, with a deadline for the 补遗 to move.
const TENDER = VOLUMES_TENDER.replace(
  '招标人：滨江区城市管理局\n',
  '招标人：滨江区城市管理局\n投标截止时间：2026年12月10日9时30分\n',
);
const AMENDMENT = `滨江区市政道路养护工程 补遗文件（第1号）
一、投标截止时间调整为：2026年12月18日9时30分，开标地点不变。
`;

describe('issue 31 from /home (browser)', () => {
  let tmp: string;
  beforeAll(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'journey-e2e-'));
  });
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
  const suite = browserSuite();

  it(
    'uploads a tender, fills the 报价, exports the volumes as a zip and uploads a 补遗',
    { timeout: 300_000 },
    async () => {
      const user = await createUserWithSession(suite.server, { quota: { bid_number: 2 } });
      const t = await suite.newPage(user.token);
      const { page } = t;
      const tender = path.join(tmp, '养护工程招标文件.txt');
      const amendment = path.join(tmp, '补遗文件（第1号）.txt');
      fs.writeFileSync(tender, TENDER);
      fs.writeFileSync(amendment, AMENDMENT);

      await newBid(page, { tender: { file: tender } });
      await page.locator('[data-testid="outline-node"]').first().waitFor({ timeout: 60_000 });

      // The 报价 sheet: the 小写 typed once, the 大写 generated, saved.
      await page.getByTestId('open-forms').click();
      const forms = page.getByTestId('bid-forms');
      await forms.getByTestId('price-empty').waitFor({ timeout: 60_000 });
      await forms.getByTestId('price-input').fill('2360000');
      await expect
        .poll(() => forms.getByTestId('price-upper').textContent())
        .toContain('人民币贰佰叁拾陆万元整');
      await forms.getByTestId('price-save').click();
      await page.getByText('报价已保存，所有格式中的报价已更新').waitFor({ timeout: 20_000 });
      await forms.getByTestId('price-empty').waitFor({ state: 'detached' });
      await page.locator('.ant-drawer-close').click();

      // The volumes, one zip of the 明标 and the 暗标 .docx.
      const dialog = await openVolumesExport(page);
      const download = page.waitForEvent('download', { timeout: 120_000 });
      await dialog.getByTestId('export-volumes-docx').click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/（分册）\.zip$/);
      const entries = unzip(fs.readFileSync(await file.path()));
      expect([...entries.keys()]).toEqual(['1-明标.docx', '2-暗标.docx']);
      for (const docx of entries.values()) expect(Buffer.from(docx).subarray(0, 2).toString()).toBe('PK');
      await dialog.getByTestId('export-volumes-done').waitFor();
      await dialog.locator('.ant-modal-close').click();

      // The 补遗/澄清 tab: empty, then the uploaded amendment and the deadline it moved.
      await page.getByTestId('open-amendments').click();
      const panel = page.getByTestId('bid-amendments');
      await panel.getByTestId('amendments-empty').waitFor({ timeout: 30_000 });
      expect(await panel.getByTestId('amendment-deadline').textContent()).toBe('2026年12月10日9时30分');
      await panel.locator('input[type="file"]').setInputFiles(amendment);
      await panel.getByTestId('amendment').waitFor({ timeout: 30_000 });
      expect(await panel.getByTestId('amendment-after').allTextContents()).toEqual(['2026年12月18日9时30分']);
      expect(await panel.getByTestId('amendment-deadline').textContent()).toBe('2026年12月18日9时30分');
      expect(await panel.textContent()).toContain('补遗文件（第1号）.txt');
      expect(unexpectedErrors(t.errors)).toEqual([]);
    },
  );
});
