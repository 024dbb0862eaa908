import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../../apps/server/test/helpers/test-server.ts';
import { createUserWithSession } from '../../apps/server/test/helpers/fixtures.ts';
import { newId } from '../../apps/server/src/lib/ids.ts';
import { settled, unexpectedErrors } from './helpers/browser.ts';
import { browserSuite } from './helpers/suite.ts';

const WAIT = { timeout: 15_000 };
const SHOTS = process.env.E2E_SCREENSHOTS_DIR ?? path.join(os.tmpdir(), 'bid-e2e-shots');

/** /home/invite from the user menu: the code, the full link, its QR code, the rule and the invited users. */
describe('invitations (browser)', () => {
  const suite = browserSuite((env) => startTestServer({ ...env, INVITE_REWARD_BIDS: '2' }));

  it('shows the code, the link with the code, a QR code, the rule in force and who registered', async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    const inviter = await createUserWithSession(suite.server);
    const friend = await createUserWithSession(suite.server);
    const db = suite.server.built.ctx.db;
    const { own_invite_code: code } = await db
      .selectFrom('users')
      .select('own_invite_code')
      .where('id', '=', inviter.userId)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('invite_records')
      .values({
        id: newId(),
        inviter_user_id: inviter.userId,
        invitee_user_id: friend.userId,
        invitation_code: code,
        reward_units: 2,
        created_at: new Date().toISOString(),
      })
      .execute();

    const { page, errors } = await suite.newPage(inviter.token);
    await page.goto('/home');
    await page.getByTestId('user-account').first().click();
    const menu = page.locator('.ant-dropdown', { has: page.getByRole('menuitem', { name: '邀请有礼' }) });
    await settled(menu);
    await menu.getByRole('menuitem', { name: '邀请有礼' }).click();
    await page.waitForURL((u) => u.pathname === '/home/invite');
    await expect.poll(() => page.getByTestId('invite-code').innerText(), WAIT).toContain(code);
    const link = await page.getByTestId('invite-link').innerText();
    expect(link).toBe(`${new URL(page.url()).origin}/?invite=${code}`);
    await expect.poll(() => page.getByTestId('invite-qr').locator('canvas').count(), WAIT).toBe(1);
    expect(await page.getByTestId('invite-card').innerText()).toContain('立即获得 2 份赠送额度');
    const masked = `${friend.phone.slice(0, 3)}****${friend.phone.slice(7)}`;
    await expect.poll(() => page.getByTestId('invitees').innerText(), WAIT).toContain(masked);
    await page.screenshot({ path: path.join(SHOTS, 'invite.png') });
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});
