import { afterEach, describe, expect, it } from 'vitest';
import { TEST_DB, useTestServer } from './helpers/test-server.ts';
import {
  advanceClock,
  infra,
  lastCode,
  loginBySms,
  nextIp,
  nextPhone,
  readOutbox,
  resetClock,
  sendLoginCode,
  startAccountsServer,
  tokenCall,
} from './accounts-helpers.ts';

const s = useTestServer(() => startAccountsServer());
afterEach(() => resetClock(s));

const login = (phone: string, code: string) =>
  tokenCall(s, { grant_type: 'sms_code', username: phone, code });

describe(`accounts: SMS code rules (${TEST_DB})`, () => {
  it('6 random digits, stored only as a keyed hash', async () => {
    const phone = nextPhone();
    await sendLoginCode(s, phone);
    const code = lastCode(s, phone);
    expect(code).toMatch(/^\d{6}$/);
    const rows = await s.built.ctx.db
      .selectFrom('sms_codes')
      .selectAll()
      .where('phone', '=', phone)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toMatch(new RegExp(`(?<![0-9])${code}(?![0-9])`));
    // Codes differ from send to send (not a counter, not a constant).
    const others = new Set<string>();
    for (let i = 0; i < 5; i += 1) {
      const p = nextPhone();
      await sendLoginCode(s, p);
      others.add(lastCode(s, p));
    }
    expect(others.size).toBeGreaterThanOrEqual(4);
  });

  it('one send per phone per 60 s: 429 with the wait in msg and Retry-After', async () => {
    const phone = nextPhone();
    expect((await sendLoginCode(s, phone)).status).toBe(200);
    advanceClock(s, 15_000);
    const again = await sendLoginCode(s, phone);
    expect(again.status).toBe(429);
    expect(again.body).toMatchObject({ code: 429, success: false });
    expect(again.body.msg).toMatch(/^发送过于频繁，请 (4[5-9]|4[0-9]) 秒后再试$/);
    const wait = Number(again.headers.get('retry-after'));
    expect(wait).toBeGreaterThanOrEqual(44);
    expect(wait).toBeLessThanOrEqual(46);
    expect(again.body.msg).toBe(`发送过于频繁，请 ${wait} 秒后再试`);
    advanceClock(s, 46_000);
    expect((await sendLoginCode(s, phone)).status).toBe(200);
  });

  it('at most 10 sends per phone per day', async () => {
    const phone = nextPhone();
    for (let i = 0; i < 10; i += 1) {
      const r = await sendLoginCode(s, phone);
      expect(r.status, `send ${i + 1}`).toBe(200);
      advanceClock(s, 61_000);
    }
    const eleventh = await sendLoginCode(s, phone);
    expect(eleventh.status).toBe(429);
    expect(eleventh.body.msg).toMatch(/^该手机号今日获取验证码次数已达上限，请 (2[0-4]|1\d) 小时后再试$/);
    expect(Number(eleventh.headers.get('retry-after'))).toBeGreaterThan(20 * 3600);
    advanceClock(s, 24 * 3600 * 1000);
    expect((await sendLoginCode(s, phone)).status).toBe(200);
  });

  it('at most 30 sends per IP per day, whatever the phones', async () => {
    const ip = nextIp();
    for (let i = 0; i < 30; i += 1)
      expect((await sendLoginCode(s, nextPhone(), ip)).status, `send ${i + 1}`).toBe(200);
    const over = await sendLoginCode(s, nextPhone(), ip);
    expect(over.status).toBe(429);
    expect(over.body.msg).toMatch(/^获取验证码次数过多，请 \d+ 小时后再试$/);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await sendLoginCode(s, nextPhone(), nextIp())).status).toBe(200);
  });

  it('expires after 5 minutes', async () => {
    const phone = nextPhone();
    await sendLoginCode(s, phone);
    const code = lastCode(s, phone);
    advanceClock(s, 5 * 60 * 1000 + 1000);
    const r = await login(phone, code);
    expect(r.status).toBe(400);
    expect(r.body.error_description).toBe('验证码已过期，请重新获取');
  });

  it('still works just before it expires', async () => {
    const phone = nextPhone();
    await sendLoginCode(s, phone);
    advanceClock(s, 5 * 60 * 1000 - 5000);
    expect((await login(phone, lastCode(s, phone))).status).toBe(200);
  });

  it('single use', async () => {
    const phone = nextPhone();
    await sendLoginCode(s, phone);
    const code = lastCode(s, phone);
    expect((await login(phone, code)).status).toBe(200);
    const r = await login(phone, code);
    expect(r.status).toBe(400);
    expect(r.body.error_description).toBe('验证码已失效，请重新获取');
  });

  it('5 wrong tries kill the code, even for the right one afterwards', async () => {
    const phone = nextPhone();
    await sendLoginCode(s, phone);
    const code = lastCode(s, phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i += 1) {
      const r = await login(phone, wrong);
      expect(r.status).toBe(400);
      expect(r.body.error_description).toBe(`验证码错误，还可尝试 ${5 - i} 次`);
    }
    const fifth = await login(phone, wrong);
    expect(fifth.body.error_description).toBe('验证码错误次数过多，请重新获取');
    const right = await login(phone, code);
    expect(right.status).toBe(400);
    expect(right.body.error_description).toBe('验证码错误次数过多，请重新获取');
  });

  it('bound to the phone', async () => {
    const a = nextPhone();
    const b = nextPhone();
    await sendLoginCode(s, a);
    const r = await login(b, lastCode(s, a));
    expect(r.status).toBe(400);
    expect(r.body.error_description).toBe('请先获取短信验证码');
    expect((await login(a, lastCode(s, a))).status).toBe(200);
  });

  it('bound to the purpose: a change-password code does not log in', async () => {
    const phone = nextPhone();
    const { token } = await loginBySms(s, phone);
    advanceClock(s, 61_000);
    const sent = await s.api.post(
      '/blade-system/client/send-validate-logged',
      { purpose: 'change-password' },
      { token, headers: { 'x-forwarded-for': nextIp() } },
    );
    expect(sent.status).toBe(200);
    const code = lastCode(s, phone, 'change-password');
    const r = await login(phone, code);
    expect(r.status).toBe(400);
    // The latest login code of this phone is the one already used.
    expect(r.body.error_description).toBe('验证码已失效，请重新获取');
    // ...and still works for its own purpose.
    const upd = await s.api.post(
      '/blade-system/client/update-password',
      { newPassword: 'e10adc3949ba59abbe56e057f20f883e', code },
      { token },
    );
    expect(upd.status).toBe(200);
  });

  it('a new code replaces the previous one', async () => {
    const phone = nextPhone();
    await sendLoginCode(s, phone);
    const first = lastCode(s, phone);
    advanceClock(s, 61_000);
    await sendLoginCode(s, phone);
    const second = lastCode(s, phone);
    if (first !== second) {
      const old = await login(phone, first);
      expect(old.status).toBe(400);
    }
    expect((await login(phone, second)).status).toBe(200);
  });

  it('a failing gateway answers 500 with a Chinese message, and the user may ask again at once', async () => {
    const sms = infra(s).sms;
    const real = sms.provider;
    sms.provider = {
      name: 'broken',
      send: async () => {
        throw new Error('gateway down');
      },
    };
    const phone = nextPhone();
    try {
      const r = await sendLoginCode(s, phone);
      expect(r.status).toBe(500);
      expect(r.body).toMatchObject({ code: 500, success: false, msg: '短信发送失败，请稍后再试' });
    } finally {
      sms.provider = real;
    }
    expect((await sendLoginCode(s, phone)).status).toBe(200);
    expect(readOutbox(s).filter((l) => l.phone === phone)).toHaveLength(1);
  });

  it('two logins racing with one code: exactly one wins', async () => {
    const phone = nextPhone();
    await sendLoginCode(s, phone);
    const code = lastCode(s, phone);
    const results = await Promise.all([login(phone, code), login(phone, code), login(phone, code)]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const users = await s.built.ctx.db.selectFrom('users').select('id').where('phone', '=', phone).execute();
    expect(users).toHaveLength(1);
  });
});
