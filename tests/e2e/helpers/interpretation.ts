import type { Page } from 'playwright-core';

/**
 * The way into 招标文件解读 and an upload there, by clicks: the interpretation, review and scan suites
 * all start that way before what they test; one copy of the steps keeps them in step with the screen.
 */

/** From /home to the 招标文件解读 screen through the side menu. */
export async function openInterpretation(page: Page): Promise<void> {
  await page.goto('/home');
  await page.locator('.bs-shell__sider').getByRole('link', { name: '招标文件解读', exact: true }).click();
  await page.waitForURL(/\/home\/bidingParse$/);
}

/**
 * Chooses `file` through the upload button of the open 招标文件解读 screen, as a user does (the file
 * chooser, not the hidden input). What follows — its progress, the report — is the caller's.
 */
export async function chooseInterpretationFile(page: Page, file: string): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('interpretation-upload').click();
  await (await chooser).setFiles(file);
}

/** From /home, `file` uploaded in 招标文件解读. */
export async function uploadForInterpretation(page: Page, file: string): Promise<void> {
  await openInterpretation(page);
  await chooseInterpretationFile(page, file);
}
