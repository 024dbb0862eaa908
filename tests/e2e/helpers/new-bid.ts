import type { Page, Request } from 'playwright-core';

/**
 * The way a user starts a bid, by clicks: 新建标书 in the side menu, a tender uploaded or pasted, the
 * 采购包 picked when the tender has several, 创建, the analysis confirmed on the review screen, and
 * the writing screen opens. Many browser suites need a bid made this way before what they test; one
 * copy of the steps keeps them all in step when the create screen changes.
 */

/** The tender: a file uploaded on the create screen, or its text pasted under the bid's name. */
export type Tender = { file: string } | { name: string; text: string };

export interface NewBidOptions {
  tender: Tender;
  /** The 采购包 the bid answers, as its option begins (`第 1 包`); only for a tender with several. */
  lot?: string;
  /** 目标页数, when the test needs a given length. */
  pages?: number;
  /**
   * How long the analysis and the outline may take at each step. Generous on purpose: a released
   * tender read on a busy machine is slow, and this is a limit, not a speed the test asserts.
   */
  timeout?: number;
}

// (A fresh-clone CI run late in its browser phase waited more than 90 s for the review page after
// 创建 on a 2-core machine still running other suites; the same steps take ~10 s alone.)
const DEFAULT_TIMEOUT = 180_000;

/** From /home to the empty create screen through the side menu. */
export async function openNewBid(page: Page): Promise<void> {
  await page.goto('/home');
  await page.locator('.bs-shell__sider').getByRole('link', { name: '新建标书', exact: true }).click();
  await page.waitForURL(/\/home\/crtBidBook$/);
}

/**
 * Gives the create screen its tender. An uploaded file is analysed at once: this waits for the
 * analysis (and the 采购包 picker that comes with it). Pasted text is analysed on 创建 (or on
 * 解析粘贴的内容), so nothing is awaited.
 */
export async function enterTender(
  page: Page,
  tender: Tender,
  timeout: number = DEFAULT_TIMEOUT,
): Promise<void> {
  if ('file' in tender) {
    await page.locator('[data-testid="tender-input"] input[type="file"]').setInputFiles(tender.file);
    await page.getByTestId('tender-analysis').waitFor({ timeout });
    return;
  }
  await page.getByLabel('标书名称').fill(tender.name);
  await page.getByLabel('招标文件内容').fill(tender.text);
}

/** Picks the 采购包 whose option begins with `lot` in the picker a multi-lot tender shows. */
export async function pickLot(page: Page, lot: string, timeout: number = DEFAULT_TIMEOUT): Promise<void> {
  const picker = page.getByTestId('lot-picker');
  await picker.waitFor({ timeout });
  await chooseOption(page, picker.locator('.ant-select'), lot);
}

/**
 * Opens a select and picks the option that begins with `text`, then looks that the select shows it,
 * as a person does: on a loaded machine a click on an option still opening (or already closing) is
 * lost, and the form then refuses 创建 with an error under the field instead of calling the server.
 */
export async function chooseOption(
  page: Page,
  select: ReturnType<Page['locator']>,
  text: string,
): Promise<void> {
  // (The chosen value is the select's own text; the options are drawn elsewhere, in a portal.)
  const shown = select;
  for (let attempt = 1; ; attempt++) {
    // (A click may also land while the form below shifts — the analysis report rendering — and be
    // taken by another element, the dropdown closing under it: short tries, reopening each time.)
    if (!(await page.locator('.ant-select-dropdown:visible').count()))
      await select.click({ timeout: 5_000 }).catch(() => undefined);
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: text })
      .click({ timeout: 5_000 })
      .catch(() => undefined);
    const ok = await shown
      .filter({ hasText: text })
      .waitFor({ timeout: 3_000 })
      .then(() => true)
      .catch(() => false);
    if (ok) return;
    if (attempt >= 6) throw new Error(`the select does not show 「${text}」 after ${attempt} tries`);
  }
}

/**
 * 创建, then the analysis confirmed as read on the review screen (it comes before the outline);
 * resolves with the new bid's id once the writing screen is open.
 */
export async function createAndConfirm(page: Page, timeout: number = DEFAULT_TIMEOUT): Promise<string> {
  // The API calls made meanwhile, to say where a slow run stood when the review never came (a run
  // once waited over 90 s here and left no trace of whether the create call had been sent).
  const calls: string[] = [];
  const log = (r: Request, what: string) => {
    if (r.url().includes('/api/'))
      calls.push(
        `${new Date().toISOString().slice(11, 23)} ${r.method()} ${new URL(r.url()).pathname} ${what}`,
      );
  };
  const sent = (r: Request) => log(r, 'sent');
  const failed = (r: Request) => log(r, `failed: ${r.failure()?.errorText ?? '?'}`);
  const finished = async (r: Request) =>
    log(r, `→ ${(await r.response().catch(() => null))?.status() ?? '?'}`);
  page.on('request', sent);
  page.on('requestfinished', finished);
  page.on('requestfailed', failed);
  await page.getByTestId('create-bid-submit').click();
  try {
    await page.waitForURL(/\/home\/crtBidBook\?review=/, { timeout });
  } catch (e) {
    // (What the form said under its fields, when it refused to send: a person would read it.)
    const said = await page
      .locator('.ant-form-item-explain-error')
      .allTextContents()
      .catch(() => []);
    throw new Error(
      `${(e as Error).message}\nAPI calls since 创建:\n${calls.slice(-20).join('\n') || '(none)'}` +
        `\nform errors: ${said.join(' / ') || '(none)'}`,
    );
  } finally {
    page.off('request', sent);
    page.off('requestfinished', finished);
    page.off('requestfailed', failed);
  }
  await page.getByTestId('review-confirm').click();
  await page.waitForURL(/\/home\/book\/BidingWrite\?id=/, { timeout });
  return new URL(page.url()).searchParams.get('id')!;
}

/** The whole way from /home to the writing screen of a new bid; resolves with the bid's id. */
export async function newBid(page: Page, opts: NewBidOptions): Promise<string> {
  const timeout = opts.timeout ?? DEFAULT_TIMEOUT;
  await openNewBid(page);
  await enterTender(page, opts.tender, timeout);
  if (opts.lot) await pickLot(page, opts.lot, timeout);
  if (opts.pages !== undefined) await page.getByLabel('目标页数').fill(String(opts.pages));
  return createAndConfirm(page, timeout);
}
