import { afterEach, describe, expect, it } from 'vitest';
import { TEST_DB, useTestServer } from './helpers/test-server.ts';
import {
  advanceClock,
  lastCode,
  loginBySms,
  nextIp,
  nextPhone,
  readOutbox,
  resetClock,
  startAccountsServer,
} from './accounts-helpers.ts';

/**
 * A phone change must not tell a signed-in caller which numbers are registered (issue 30, finding 1):
 * a probe swept 200 numbers through update-phone with code 000000 and listed every registered one
 * (409 for those, 400 for the rest, before the code was checked, without a limit).
 */

const s = useTestServer(() => startAccountsServer());
afterEach(() => resetClock(s));

const post = (path: string, body: unknown, token: string, ip = nextIp()) =>
  s.api.post(`/blade-system/client/${path}`, body, { token, headers: { 'x-forwarded-for': ip } });

/** The parts of an answer a caller sees (status, code, message). */
const seen = (r: { status: number; body: any }) => ({ status: r.status, code: r.body.code, msg: r.body.msg });

/** A signed-in user with a ticket for the old phone (validate-message, purpose change-phone). */
async function userWithTicket(): Promise<{ token: string; ticket: string }> {
  const phone = nextPhone();
  const { token } = await loginBySms(s, phone);
  advanceClock(s, 61_000);
  expect((await post('send-validate-logged', { purpose: 'change-phone' }, token)).status).toBe(200);
  const v = await post(
    'validate-message',
    { code: lastCode(s, phone, 'change-phone'), purpose: 'change-phone' },
    token,
  );
  expect(v.status).toBe(200);
  return { token, ticket: v.body.data.ticket as string };
}

describe(`phone change: registered and free numbers answer alike (${TEST_DB})`, () => {
  it('update-phone with a guessed code answers the same for a registered and a free number', async () => {
    const registered = nextPhone();
    await loginBySms(s, registered);
    const free = nextPhone();
    const { token, ticket } = await userWithTicket();

    // No code asked for either number.
    const a = await post('update-phone', { phone: registered, code: '000000', ticket }, token);
    const b = await post('update-phone', { phone: free, code: '000000', ticket }, token);
    expect(seen(a)).toEqual(seen(b));
    expect(a.status).toBe(400);

    // Without the old phone's ticket: also alike.
    const c = await post('update-phone', { phone: registered, code: '000000' }, token);
    const d = await post('update-phone', { phone: free, code: '000000' }, token);
    expect(seen(c)).toEqual(seen(d));
  });

  it('send-validate sends a code to a registered number as to a free one, and a wrong code is answered alike', async () => {
    const registered = nextPhone();
    await loginBySms(s, registered);
    const free = nextPhone();
    const { token, ticket } = await userWithTicket();

    const a = await post('send-validate', { phone: registered }, token);
    const b = await post('send-validate', { phone: free }, token);
    expect(seen(a)).toEqual(seen(b));
    expect(a.status).toBe(200);
    expect(readOutbox(s).filter((l) => l.purpose === 'bind-phone' && l.phone === registered)).toHaveLength(1);

    const wrong = (phone: string) => (lastCode(s, phone, 'bind-phone') === '000000' ? '111111' : '000000');
    const c = await post('update-phone', { phone: registered, code: wrong(registered), ticket }, token);
    const d = await post('update-phone', { phone: free, code: wrong(free), ticket }, token);
    expect(seen(c)).toEqual(seen(d));
    expect(c.body.msg).toBe('验证码错误，还可尝试 4 次');

    // Only the right code of the registered number tells that another account uses it.
    const e = await post(
      'update-phone',
      { phone: registered, code: lastCode(s, registered, 'bind-phone'), ticket },
      token,
    );
    expect(seen(e)).toEqual({ status: 409, code: 409, msg: '该手机号已被其他账号使用，请更换手机号' });
  });

  it('update-phone is limited per account: a sweep is stopped with 429', async () => {
    const { token, ticket } = await userWithTicket();
    const answers: number[] = [];
    for (let i = 0; i < 12; i += 1)
      answers.push(
        (await post('update-phone', { phone: nextPhone(), code: '000000', ticket }, token)).status,
      );
    expect(answers.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(answers.slice(10)).toEqual([429, 429]);
  });

  it('update-phone is limited per address across accounts', async () => {
    const ip = nextIp();
    const answers: number[] = [];
    for (let u = 0; u < 4; u += 1) {
      const { token, ticket } = await userWithTicket();
      for (let i = 0; i < 8; i += 1)
        answers.push(
          (await post('update-phone', { phone: nextPhone(), code: '000000', ticket }, token, ip)).status,
        );
    }
    expect(answers.slice(0, 30).every((st) => st === 400)).toBe(true);
    expect(answers.slice(30)).toEqual([429, 429]);
  });

  it('send-validate is limited per account: 10 new numbers an hour', async () => {
    const { token } = await loginBySms(s, nextPhone());
    const answers: number[] = [];
    for (let i = 0; i < 11; i += 1)
      answers.push((await post('send-validate', { phone: nextPhone() }, token)).status);
    expect(answers).toEqual([...Array(10).fill(200), 429]);
  });
});
