import type { Page } from 'playwright-core';

/**
 * The way to the 知识库 screens and an upload into the knowledge base, by clicks: the knowledge and
 * the scan suites both go there before what they test.
 */

const LIBRARIES = {
  我的知识库: /\/home\/knowledgeBase\/private/,
  企业资料库: /\/home\/knowledgeBase\/create/,
} as const;

/** From /home to one of the 知识库 screens through the 工作台 menu. */
export async function openLibrary(page: Page, name: keyof typeof LIBRARIES): Promise<void> {
  await page.goto('/home');
  await page.getByRole('menu', { name: '工作台菜单' }).getByText('知识库', { exact: true }).click();
  await page.getByRole('link', { name: new RegExp(name) }).click();
  await page.waitForURL(LIBRARIES[name]);
}

/** Starts the upload of `file` into the knowledge base open on the page (its progress is the caller's). */
export async function startKnowledgeUpload(page: Page, file: string): Promise<void> {
  await page.getByTestId('kb-upload').first().click();
  await page.locator('.ant-modal input[type="file"]').setInputFiles(file);
  await page.getByTestId('kb-upload-start').click();
}
