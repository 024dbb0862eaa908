import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { BidChecks, CatalogNode } from '@bid/shared';
import { createUserWithSession } from '../../apps/server/test/helpers/fixtures.ts';
import { client } from '../../apps/server/test/catalog-helpers.ts';
import { COMPANY, flawedBid, write } from '../../apps/server/test/checks-helpers.ts';
import { settled, unexpectedErrors } from './helpers/browser.ts';
import { newBid, openNewBid } from './helpers/new-bid.ts';
import { browserSuite } from './helpers/suite.ts';

/**
 * Ready to submit (issue 12), in Chromium against the built app: a bid created from a pasted tender
 * and written by the offline engine is exported to Word from the writing screen, from the bid list and
 * (once finished) from historyBook; each download is a .docx LibreOffice converts. The 提交前检查
 * panel shows a flawed bid's findings, jumps to their chapters, and finishing names them first.
 */
const poll = <T>(fn: () => T | Promise<T>, timeout = 20_000) => expect.poll(fn, { timeout, interval: 150 });
const SHOTS = process.env.E2E_SCREENSHOTS_DIR ?? path.join(os.tmpdir(), 'bid-e2e-shots');

const TENDER = `南湖区图书馆智能化运维服务采购项目 招标文件
项目编号：NH-2026-031
采购人：南湖区图书馆
一、项目概况：为图书馆自助借还、门禁、网络和机房设备提供一年运维服务。
二、评分标准
| 评分因素 | 分值 | 评分标准 |
| 运维服务方案 | 30 | 方案完整、针对性强的得 30 分 |
| 应急保障措施 | 20 | 措施可行、响应及时的得 20 分 |
| 投标报价 | 50 | 满足要求且价格最低的为评标基准价 |
`;

describe('ready to submit (browser)', () => {
  let tmp: string;
  beforeAll(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'submit-e2e-'));
    fs.mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(() => {
    fs.rmSync(tmp, { recursive: true, force: true });
  });
  const suite = browserSuite();

  const sider = (page: Page, name: string) =>
    page.locator('.bs-shell__sider').getByRole('link', { name, exact: true });

  /** In the open export dialog: pick a template, build, see the preview, download; the file converts. */
  async function exportFrom(page: Page, name: string, template: string, shots = false): Promise<string> {
    const dialog = page.locator('.ant-modal').filter({ hasText: '开始导出' }).last();
    await settled(dialog);
    const radio = dialog.getByRole('radio').filter({ hasText: template });
    await radio.click();
    await poll(() => radio.getAttribute('aria-checked')).toBe('true');
    const tick = dialog.getByTestId('acknowledge-findings');
    if (await tick.count()) await tick.click();
    if (shots) {
      for (const [w, h] of [
        [1440, 900],
        [1920, 1080],
      ]) {
        await page.setViewportSize({ width: w, height: h });
        await page.screenshot({ path: path.join(SHOTS, `submit-export-dialog-${w}.png`) });
      }
      await page.setViewportSize({ width: 1440, height: 900 });
    }
    await dialog.getByRole('button', { name: /开始导出/ }).click();
    const ready = page.locator('.ant-modal').filter({ hasText: '下载 Word' }).last();
    await ready.getByTestId('docx-preview').locator('section').first().waitFor({ timeout: 90_000 });
    await poll(() => ready.getByTestId('docx-preview').textContent()).toContain('运维服务方案');
    if (shots) await page.screenshot({ path: path.join(SHOTS, 'submit-export-preview-1440.png') });
    const download = page.waitForEvent('download');
    await ready.getByRole('button', { name: /下载 Word/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.docx$/);
    const docx = path.join(tmp, `${name}.docx`);
    await file.saveAs(docx);
    execFileSync(
      'soffice',
      [
        '--headless',
        '--norestore',
        `-env:UserInstallation=file://${tmp}/lo`,
        '--convert-to',
        'pdf',
        '--outdir',
        tmp,
        docx,
      ],
      { timeout: 120_000, stdio: 'ignore' },
    );
    const text = execFileSync('pdftotext', [path.join(tmp, `${name}.pdf`), '-'], {
      encoding: 'utf8',
    }).replace(/\s+/g, '');
    await page.keyboard.press('Escape');
    await ready.waitFor({ state: 'hidden' });
    return text;
  }

  it(
    'pasted tender -> 全文写作 -> 导出 Word from the writing screen, the bid list and historyBook',
    { timeout: 400_000 },
    async () => {
      const user = await createUserWithSession(suite.server, { quota: { bid_number: 3 } });
      const t = await suite.newPage(user.token);
      const { page } = t;
      // Create from a pasted tender (the AI outline follows the scoring items).
      const bidId = await newBid(page, { tender: { name: '图书馆运维投标文件', text: TENDER } });
      await page.locator('[data-testid="outline-node"]').first().waitFor();

      // Write everything with the offline engine.
      await page.getByTestId('fulltext-start').click();
      await page.getByTestId('fulltext-progress').waitFor({ timeout: 20_000 });
      await poll(() => page.getByTestId('fulltext-progress').getAttribute('data-status'), 180_000).toBe(
        'done',
      );
      // The figures on top are read again once the run ended; until then they may be a chapter behind.
      await poll(() => page.getByTestId('fulltext-progress').getAttribute('data-settled'), 30_000).toBe(
        'true',
      );
      // A template draft is not a written bid: progress is the share of chapters whose own text
      // reached their share, and finishing is refused naming how many are short.
      await poll(() => page.getByTestId('bid-progress-chapters').textContent(), 30_000).toMatch(
        /^已写够 \d+\/\d+ 章$/,
      );
      const [written, leaves] = (await page.getByTestId('bid-progress-chapters').textContent())!
        .match(/\d+/g)!
        .map(Number);
      expect(written).toBeLessThan(leaves);
      expect(await page.getByTestId('bid-progress').getAttribute('data-progress')).toBe(
        String(Math.floor((written * 100) / leaves)),
      );
      await page.getByTestId('finish-bid').click();
      const refused = page.locator('.ant-modal-confirm').last();
      await settled(refused);
      expect(await refused.textContent()).toContain(`还有 ${leaves - written} 个章节未写够`);
      await refused.getByRole('button', { name: '继续写作' }).click();
      // The open chapter's counter follows the text written into it (not "本章 0 字").
      await poll(() => page.locator('.bs-editor-status').textContent()).toMatch(/本章 [1-9]\d* 字/);
      // Titles stay on one line (a long one ends in an ellipsis, the whole title is its tooltip),
      // the selected one too, and the tree does not scroll sideways.
      const lines = await page.locator('.bs-outline').evaluate((el) => {
        const titles = [...el.querySelectorAll<HTMLElement>('.bs-outline-node__title')];
        const holder = el.querySelector<HTMLElement>('.ant-tree-list-holder');
        return {
          wrapped: titles.filter((t) => t.getBoundingClientRect().height > 30).map((t) => t.textContent),
          untitled: titles.filter((t) => !t.title).length,
          sideways: holder ? holder.scrollWidth > holder.clientWidth + 1 : false,
        };
      });
      expect(lines).toEqual({ wrapped: [], untitled: 0, sideways: false });
      // The text has the room: at 1440 px the editor is wider than 500 px, and folding the AI column gives it more.
      const width = () => page.getByTestId('chapter-editor').evaluate((el) => el.clientWidth);
      expect(await width()).toBeGreaterThan(500);
      await page.getByTestId('toggle-ai-panel').click();
      await poll(width).toBeGreaterThan(780);
      await page.getByTestId('toggle-ai-panel').click();
      for (const [w, h] of [
        [1440, 900],
        [1920, 1080],
      ]) {
        await page.setViewportSize({ width: w, height: h });
        await page.screenshot({ path: path.join(SHOTS, `submit-workspace-${w}.png`) });
      }
      await page.setViewportSize({ width: 1440, height: 900 });

      // 1. From the writing screen's header.
      await page.getByTestId('export-word').click();
      const fromWorkspace = await exportFrom(page, 'workspace', '政府采购标准格式', true);
      expect(fromWorkspace).toContain('图书馆运维投标文件');
      expect(fromWorkspace).toContain('运维服务方案');

      // 2. From the bid list.
      await sider(page, '我的标书').click();
      const row = page.locator('tr').filter({ hasText: '图书馆运维投标文件' });
      await row.getByTestId('export-bid').click();
      expect(await exportFrom(page, 'list', '工程类投标格式')).toContain('运维服务方案');

      // 3. Finish (the confirmation lists what is still open), then from historyBook. The writer
      // would write the short chapters; here they are marked 无需正文 so the bid reaches 100 %.
      const tree = (
        await suite.server.api.post('/catalog/client/getBidCatalogList', { bidId }, { token: user.token })
      ).body.data as CatalogNode[];
      const short = (function walk(list: CatalogNode[]): CatalogNode[] {
        return list.flatMap((n) => (n.children.length ? walk(n.children) : n.written ? [] : [n]));
      })(tree);
      for (const n of short)
        await suite.server.api.post(
          '/catalog/client/updateBidCatalogSetting',
          { id: n.id, settings: { noText: true } },
          { token: user.token },
        );
      await row.getByTestId('open-bid').click();
      // The marks were set through the API, behind the screen's back: read the bid again.
      await page.reload();
      await poll(() => page.getByTestId('bid-progress').getAttribute('data-progress'), 30_000).toBe('100');
      await page.getByTestId('finish-bid').click();
      const confirm = page.locator('.ant-modal-confirm').last();
      await settled(confirm);
      await confirm.getByRole('button', { name: /仍然完成|完成标书/ }).click();
      await page.getByTestId('finished-banner').waitFor();
      await page.getByTestId('finished-export').waitFor();
      await sider(page, '历史标书').click();
      const done = page.locator('tr').filter({ hasText: '图书馆运维投标文件' });
      await done.getByTestId('export-bid').click();
      expect(await exportFrom(page, 'history', '暗标')).toContain('运维服务方案');
      const detail = await suite.server.api.post(
        '/bid/client/getBidDetail',
        { id: bidId },
        { token: user.token },
      );
      expect(detail.body.data.status).toBe('finished');
      expect(unexpectedErrors(t.errors)).toEqual([]);
    },
  );

  it(
    'the 提交前检查 panel shows exactly the findings, jumps to them, and finishing names them',
    { timeout: 200_000 },
    async () => {
      const user = await createUserWithSession(suite.server, { quota: { bid_number: 3 } });
      const c = client(suite.server, user);
      const { bidId, ids } = await flawedBid(c);
      const t = await suite.newPage(user.token);
      const { page } = t;
      await page.goto('/home');
      await sider(page, '我的标书').click();
      await page.locator('tr').filter({ hasText: '检查测试' }).getByTestId('open-bid').click();
      await page.waitForURL(/BidingWrite/);
      await page.locator('[data-testid="outline-node"]').first().waitFor();

      await page.getByTestId('open-checks').click();
      const panel = page.getByTestId('checks-panel');
      await panel.waitFor();
      const tab = (name: string) => panel.getByRole('tab', { name: new RegExp(name) });
      await poll(() => tab('评分覆盖').textContent()).toBe('评分覆盖1');
      expect(await tab('★/废标条款').textContent()).toBe('★/废标条款1');
      expect(await tab('暗标').textContent()).toBe('暗标1');
      expect(await tab('待填写').textContent()).toBe('待填写2');
      // 5 estimated pages of the bid's 10: short of 80 % of its target.
      expect(await tab('页数').textContent()).toBe('页数1');
      const open = panel.locator('[data-testid="check-coverage-item"]').filter({ hasText: '未覆盖' });
      expect(await open.count()).toBe(1);
      expect(await open.textContent()).toContain('培训方案');
      for (const [w, h] of [
        [1440, 900],
        [1920, 1080],
      ]) {
        await page.setViewportSize({ width: w, height: h });
        await page.screenshot({ path: path.join(SHOTS, `submit-checks-${w}.png`) });
      }
      await page.setViewportSize({ width: 1440, height: 900 });

      await tab('★/废标条款').click();
      const star = panel.getByTestId('check-clause').first();
      expect(await star.textContent()).toContain('未响应');
      expect(await star.textContent()).toContain('故障响应时间不超过30分钟');
      await tab('暗标').click();
      expect(await panel.getByTestId('check-anonymity-item').textContent()).toContain(COMPANY);
      await tab('待填写').click();
      expect(await panel.getByTestId('check-placeholder').count()).toBe(2);
      await panel
        .getByTestId('check-placeholder')
        .nth(1)
        .getByRole('button', { name: '应急响应措施' })
        .click();
      await poll(() => page.getByTestId('chapter-title').textContent()).toBe('应急响应措施');

      // Finishing names the findings first and needs an explicit confirmation.
      await page.locator('.ant-drawer-close').click();
      await page.getByTestId('finish-bid').click();
      const confirm = page.locator('.ant-modal-confirm').last();
      await settled(confirm);
      const text = await confirm.textContent();
      expect(text).toMatch(/提交前检查发现 2 项可能导致废标的问题，共 \d+ 项未处理/);
      expect(text).toContain('★条款未响应');
      expect(text).toContain(COMPANY);
      expect(text).toContain('培训方案');
      expect(text).toContain('2 处【待填写】');
      await page.screenshot({ path: path.join(SHOTS, 'submit-finish-confirm-1440.png') });
      await confirm.getByRole('button', { name: /取\s*消/ }).click();

      // One click writes a chapter for the uncovered item; the panel follows.
      await page.getByTestId('open-checks').click();
      await panel.getByRole('button', { name: '为此评分项补写一节' }).click();
      await poll(() => tab('评分覆盖').textContent(), 60_000).toBe('评分覆盖');
      await poll(() => page.getByTestId('chapter-title').textContent()).toBe('培训方案');
      const checks = (
        await suite.server.api.post('/bid/client/getBidChecks', { id: bidId }, { token: user.token })
      ).body.data as BidChecks;
      expect(checks.coverage.every((i) => i.covered)).toBe(true);

      // Fixing the text clears the rest: the ★ clause answered, the company name gone.
      await write(c, ids.emergency, '我方承诺故障响应时间不超过30分钟，4小时内到达现场处理。');
      await write(c, ids.service, '运维团队由我方组建，驻场 6 人。');
      await panel.getByRole('button', { name: '重新检查' }).click();
      await poll(() => tab('★/废标条款').textContent()).toBe('★/废标条款');
      expect(await tab('暗标').textContent()).toBe('暗标');
      // Pages under 80 % of the bid's 10 leave no room for the green banner.
      expect(await panel.getByTestId('checks-summary').textContent()).toContain('不到目标 10 页的 80%');
      expect(await panel.textContent()).not.toContain('没有发现会导致废标的问题');
      expect(unexpectedErrors(t.errors)).toEqual([]);
    },
  );

  it(
    'a user without quota is told how to get more, not left at a greyed button',
    { timeout: 60_000 },
    async () => {
      const user = await createUserWithSession(suite.server, {
        quota: { month_bid_number: 0, temporary_bid_number: 0, grant_bid_number: 0, bid_number: 0 },
      });
      const t = await suite.newPage(user.token);
      const { page } = t;
      await openNewBid(page);
      const notice = page.getByTestId('no-quota');
      await notice.waitFor();
      expect(await notice.textContent()).toContain('联系客服');
      expect(await page.getByTestId('create-bid-submit').isDisabled()).toBe(true);
      expect(unexpectedErrors(t.errors)).toEqual([]);
    },
  );
});
