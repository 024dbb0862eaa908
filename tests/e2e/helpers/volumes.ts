import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { settled } from './browser.ts';

/**
 * The export dialog of a bid whose tender asks for 明标 + 暗标 volumes, opened from the writing
 * screen's 导出 button: the volumes it offers checked, and the checks' findings acknowledged when
 * it asks, so the volume buttons can be clicked.
 */
export async function openVolumesExport(page: Page): Promise<Locator> {
  await page.getByTestId('export-word').click();
  const dialog = page.locator('.ant-modal').filter({ hasText: '开始导出' }).last();
  await settled(dialog);
  const volumes = dialog.getByTestId('export-volumes');
  await volumes.waitFor({ timeout: 30_000 });
  expect(await volumes.textContent()).toContain('明标、暗标（暗标，不含投标人信息）');
  const tick = dialog.getByTestId('acknowledge-findings');
  if (await tick.count()) await tick.click();
  return dialog;
}
