import { describe, expect, it } from 'vitest';
import { unzip } from '@bid/document/docx/zip';
import { createUserWithSession } from '../../apps/server/test/helpers/fixtures.ts';
import { unexpectedErrors } from './helpers/browser.ts';
import { newBid } from './helpers/new-bid.ts';
import { openVolumesExport } from './helpers/volumes.ts';
import { browserSuite } from './helpers/suite.ts';
import { VOLUMES_TENDER as TENDER } from '../../apps/server/test/helpers/tenders.ts';

/**
 * Issue 31, scope 3, from /home by clicks: a pasted tender asking for 明标 + 暗标 gives a bid whose
 * export dialog offers its volumes; 导出分册 downloads one zip holding the 明标 and the 暗标 .docx.
 */
const suite = browserSuite();

describe('volumes (browser)', () => {
  it(
    'exports the 明标 and 暗标 volumes as one zip from the export dialog',
    { timeout: 300_000 },
    async () => {
      const user = await createUserWithSession(suite.server, { quota: { bid_number: 2 } });
      const t = await suite.newPage(user.token);
      const { page } = t;
      await newBid(page, { tender: { name: '养护工程投标文件', text: TENDER } });
      await page.locator('[data-testid="outline-node"]').first().waitFor();

      const dialog = await openVolumesExport(page);
      // This machine has LibreOffice: PDF is offered, not refused.
      expect(await dialog.getByTestId('export-no-pdf').count()).toBe(0);

      const download = page.waitForEvent('download', { timeout: 120_000 });
      await dialog.getByTestId('export-volumes-docx').click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/（分册）\.zip$/);
      const path = await file.path();
      const fs = await import('node:fs');
      const entries = unzip(fs.readFileSync(path));
      expect([...entries.keys()]).toEqual(['1-明标.docx', '2-暗标.docx']);
      for (const docx of entries.values()) expect(Buffer.from(docx).subarray(0, 2).toString()).toBe('PK');
      await dialog.getByTestId('export-volumes-done').waitFor();
      expect(unexpectedErrors(t.errors)).toEqual([]);
    },
  );
});
