import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/config.ts';
import { TEST_DB, useTestServer } from './helpers/test-server.ts';
import {
  advanceClock,
  databaseBytes,
  infra,
  lastCode,
  loginBySms,
  md5,
  nextIp,
  nextPhone,
  readOutbox,
  resetClock,
  sendLoginCode,
  setPassword,
  startAccountsServer,
  tokenCall,
  userInfo,
} from './accounts-helpers.ts';

/** Secrets used in this file; none may appear in the database. */
const passwordsMd5: string[] = [];
const smsCodes: string[] = [];
const captchaTexts: string[] = [];

const s = useTestServer(() => startAccountsServer({ SIGNUP_TRIAL_BIDS: '2' }));
afterEach(() => resetClock(s));

/** Makes the next captcha say `text` (the test-only seam; the text never travels over HTTP). */
function nextCaptchaText(text: string): void {
  const captcha = infra(s).captcha;
  const original = captcha.generator;
  captcha.generator = () => {
    captcha.generator = original;
    return { text, svg: '<svg xmlns="http://www.w3.org/2000/svg"/>' };
  };
  captchaTexts.push(text);
}

async function captcha(text: string): Promise<string> {
  nextCaptchaText(text);
  const r = await s.api.get('/system/commonClient/getImage');
  expect(r.status).toBe(200);
  return r.body.data.key;
}

async function passwordLogin(
  username: string,
  password: string,
  captchaKey: string,
  captchaCode: string,
  ip = nextIp(),
) {
  return tokenCall(
    s,
    { grant_type: 'client_password', username, password: md5(password) },
    { 'Captcha-Key': captchaKey, 'Captcha-Code': captchaCode },
    ip,
  );
}

describe(`accounts: login and registration (${TEST_DB})`, () => {
  it('sms_code: an unknown phone registers on first login with trial quota, answered without the envelope', async () => {
    const phone = nextPhone();
    const sent = await sendLoginCode(s, phone);
    expect(sent.body).toEqual({ code: 200, success: true, msg: '操作成功', data: null });
    const line = readOutbox(s)
      .filter((l) => l.phone === phone)
      .at(-1)!;
    expect(Object.keys(line).sort()).toEqual(['at', 'code', 'phone', 'purpose']);
    expect(line.purpose).toBe('login');
    expect(line.code).toMatch(/^\d{6}$/);
    smsCodes.push(line.code);

    const r = await tokenCall(s, {
      grant_type: 'sms_code',
      username: phone,
      code: line.code,
      source: 'pc',
      regist_source: 'baidu',
      extension_code: 'EXT-9',
    });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      success: true,
      access_token: expect.any(String),
      token_type: 'bearer',
      expires_in: 604800,
      user_id: expect.any(String),
      account: `${phone.slice(0, 3)}****${phone.slice(7)}`,
      new_user: true,
    });
    expect(r.body).not.toHaveProperty('code');
    expect(r.body.access_token.length).toBeGreaterThanOrEqual(22);

    const info = await userInfo(s, r.body.access_token);
    expect(info.temporaryBidNumber).toBe(2);
    expect(info.isEmployee).toBe(0);
    const row = await s.built.ctx.db
      .selectFrom('users')
      .selectAll()
      .where('phone', '=', phone)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      regist_source: 'baidu',
      extension_code: 'EXT-9',
      source: 'pc',
      invited_by: null,
      temporary_bid_number: 2,
    });

    // A second login (a minute later: one code a minute) is the same account, not a new one.
    advanceClock(s, 61_000);
    const again = await loginBySms(s, phone);
    expect(again.body.user_id).toBe(r.body.user_id);
    expect(again.body.new_user).toBe(false);
  });

  it('takes its parameters from the query string too', async () => {
    const phone = nextPhone();
    await sendLoginCode(s, phone);
    const r = await s.api.call('/blade-auth/oauth/token', undefined, {
      method: 'POST',
      query: { grant_type: 'sms_code', username: phone, code: lastCode(s, phone) },
      headers: { 'x-forwarded-for': nextIp(), 'Tenant-Id': '000000' },
    });
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(true);
  });

  it('an invitation code is recorded and rewards the inviter with a granted unit', async () => {
    const inviter = await loginBySms(s, nextPhone());
    const before = await userInfo(s, inviter.token);
    expect(before.inviteCode).toMatch(/^[A-Z2-9]{8}$/);
    const invitee = await loginBySms(s, nextPhone(), { invitation_code: before.inviteCode.toLowerCase() });
    expect(invitee.body.new_user).toBe(true);
    const after = await userInfo(s, inviter.token);
    expect(after.grantBidNumber).toBe(before.grantBidNumber + 1);
    const row = await s.built.ctx.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', invitee.body.user_id)
      .executeTakeFirstOrThrow();
    expect(row.invited_by).toBe(inviter.body.user_id);
    expect(row.invitation_code).toBe(before.inviteCode.toLowerCase());
    const rec = await s.built.ctx.db
      .selectFrom('invite_records')
      .selectAll()
      .where('invitee_user_id', '=', invitee.body.user_id)
      .executeTakeFirstOrThrow();
    expect(rec).toMatchObject({ inviter_user_id: inviter.body.user_id, reward_units: 1 });

    // An unknown code is recorded as given but rewards nobody and does not block the login.
    const lone = await loginBySms(s, nextPhone(), { invitation_code: 'NOSUCH99' });
    const loneRow = await s.built.ctx.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', lone.body.user_id)
      .executeTakeFirstOrThrow();
    expect(loneRow).toMatchObject({ invited_by: null, invitation_code: 'NOSUCH99' });
  });

  it('client_password: argon2id over the MD5, captcha single use, case-insensitive, expiring', async () => {
    const phone = nextPhone();
    const { token, body } = await loginBySms(s, phone);
    await setPassword(s, token, phone, 'Secret-pass-1');
    passwordsMd5.push(md5('Secret-pass-1'));
    const row = await s.built.ctx.db
      .selectFrom('users')
      .select('password_hash')
      .where('phone', '=', phone)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row.password_hash).not.toContain(md5('Secret-pass-1'));

    // The image is an SVG data URL; the key is opaque.
    const img = await s.api.get('/system/commonClient/getImage');
    expect(img.body.data).toEqual({
      key: expect.any(String),
      image: expect.stringMatching(/^data:image\/svg\+xml;base64,/),
      expiresIn: 300,
    });
    expect(Buffer.from(img.body.data.image.split(',')[1], 'base64').toString()).toContain('<svg');

    const key = await captcha('Ab3x');
    const ok = await passwordLogin(phone, 'Secret-pass-1', key, 'aB3X');
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ success: true, user_id: body.user_id, new_user: false });

    // The same captcha a second time: gone.
    const reuse = await passwordLogin(phone, 'Secret-pass-1', key, 'Ab3x');
    expect(reuse.status).toBe(400);
    expect(reuse.body).toEqual({
      success: false,
      error_code: 400,
      error_description: '图形验证码错误或已过期，请刷新后重试',
      request_id: reuse.headers.get('x-request-id'),
    });

    // A wrong answer uses the captcha up as well.
    const key2 = await captcha('Qw7e');
    expect((await passwordLogin(phone, 'Secret-pass-1', key2, 'zzzz')).body.error_description).toBe(
      '图形验证码错误或已过期，请刷新后重试',
    );
    expect((await passwordLogin(phone, 'Secret-pass-1', key2, 'Qw7e')).status).toBe(400);

    // Five minutes later it has expired.
    const key3 = await captcha('Rt4y');
    advanceClock(s, 5 * 60 * 1000 + 1000);
    expect((await passwordLogin(phone, 'Secret-pass-1', key3, 'Rt4y')).status).toBe(400);
    resetClock(s);

    // Missing captcha headers.
    const none = await tokenCall(s, {
      grant_type: 'client_password',
      username: phone,
      password: md5('Secret-pass-1'),
    });
    expect(none.body).toEqual({
      success: false,
      error_code: 400,
      error_description: '请输入图形验证码',
      request_id: none.headers.get('x-request-id'),
    });

    // The account name works as the username too.
    const account = (
      await s.built.ctx.db
        .selectFrom('users')
        .select('account')
        .where('phone', '=', phone)
        .executeTakeFirstOrThrow()
    ).account;
    expect((await passwordLogin(account, 'Secret-pass-1', await captcha('Mn8p'), 'mn8p')).status).toBe(200);
  });

  it('wrong passwords slow the account down (2 s after the third), never a hard lock (security-attempts for more)', async () => {
    const phone = nextPhone();
    const { token } = await loginBySms(s, phone);
    await setPassword(s, token, phone, 'Right-pass-2');
    passwordsMd5.push(md5('Right-pass-2'));
    const ip = nextIp();
    for (let i = 1; i <= 3; i += 1) {
      const r = await passwordLogin(phone, `wrong-${i}`, await captcha(`Wa${i}c`), `Wa${i}c`, ip);
      expect(r.status).toBe(400);
      expect(r.body.error_description).toBe(i < 3 ? '账号或密码错误' : '账号或密码错误，请 2 秒后再试');
    }
    // Even the right password waits, from that address.
    const held = await passwordLogin(phone, 'Right-pass-2', await captcha('Wb5c'), 'Wb5c', ip);
    expect(held.status).toBe(429);
    expect(held.body).toMatchObject({
      error_code: 429,
      error_description: '密码错误次数过多，请 2 秒后再试',
    });
    expect(held.headers.get('retry-after')).toBe('2');

    advanceClock(s, 3000);
    const later = await passwordLogin(phone, 'Right-pass-2', await captcha('Wd7c'), 'Wd7c', ip);
    expect(later.status).toBe(200);
  });

  it('an unknown account and an account without a password fail like a wrong password', async () => {
    const r = await passwordLogin('nobody-here', 'whatever-1', await captcha('Nx2k'), 'Nx2k');
    expect(r.status).toBe(400);
    expect(r.body.error_description).toBe('账号或密码错误');
    const phone = nextPhone();
    await loginBySms(s, phone);
    const r2 = await passwordLogin(phone, 'whatever-1', await captcha('Nx3k'), 'Nx3k');
    expect(r2.status).toBe(400);
    // The same words as for an unknown account: the answer does not reveal that the phone has one.
    expect(r2.body.error_description).toBe('账号或密码错误');
  });

  it('logout revokes the token at once', async () => {
    const { token } = await loginBySms(s, nextPhone());
    expect((await s.api.post('/blade-system/client/get-userInfo', {}, { token })).status).toBe(200);
    expect((await s.api.get('/blade-auth/oauth/logout', undefined, { token })).status).toBe(200);
    const after = await s.api.post('/blade-system/client/get-userInfo', {}, { token });
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ code: 401, msg: '登录失效，请重新登录' });
  });

  it('bad input gets a clear Chinese message and never a 500', async () => {
    const cases: Array<[Record<string, string>, number, string | RegExp]> = [
      [{}, 400, '缺少登录方式 grant_type'],
      [{ grant_type: 'implicit' }, 400, '不支持的登录方式 grant_type'],
      [{ grant_type: 'sms_code', username: '12345', code: '123456' }, 400, '手机号格式不正确'],
      [{ grant_type: 'sms_code', code: '123456' }, 400, '请输入手机号'],
      [{ grant_type: 'sms_code', username: nextPhone() }, 400, '请输入短信验证码'],
      [{ grant_type: 'sms_code', username: nextPhone(), code: '12ab56' }, 400, '短信验证码应为 6 位数字'],
      [{ grant_type: 'sms_code', username: nextPhone(), code: '123456' }, 400, '请先获取短信验证码'],
      [
        { grant_type: 'sms_code', username: 'x'.repeat(10 * 1024), code: '123456' },
        400,
        '账号不能超过 64 个字符',
      ],
      [{ grant_type: 'social' }, 400, '请先使用微信扫码登录'],
      [{ grant_type: 'social', code: 'no-such-scene' }, 400, '二维码已失效，请刷新后重新扫码'],
    ];
    for (const [params, status, msg] of cases) {
      const r = await tokenCall(s, params);
      expect(r.status, JSON.stringify(params).slice(0, 80)).toBe(status);
      expect(r.body.success).toBe(false);
      expect(r.body.error_code).toBe(status);
      if (typeof msg === 'string') expect(r.body.error_description).toBe(msg);
      else expect(r.body.error_description).toMatch(msg);
    }
    // Password grant: captcha first, then the MD5 format.
    const key = await captcha('Pq5w');
    const notMd5 = await tokenCall(
      s,
      { grant_type: 'client_password', username: nextPhone(), password: 'plain-text' },
      { 'Captcha-Key': key, 'Captcha-Code': 'Pq5w' },
    );
    expect(notMd5.body.error_description).toBe('密码格式不正确');

    // JSON bodies with wrong types, arrays and nonsense: 400, Chinese.
    for (const raw of [
      '{"grant_type":"sms_code","username":13800000000,"code":123456}',
      '[]',
      '"text"',
      '{"grant_type":{"x":1}}',
    ]) {
      const r = await s.api.call('/blade-auth/oauth/token', undefined, {
        method: 'POST',
        raw,
        headers: { 'content-type': 'application/json' },
      });
      expect(r.status, raw).toBe(400);
      expect(r.body.success).toBe(false);
      expect(r.body.error_description).toMatch(/[\u4e00-\u9fff]/);
    }

    // The SMS send call validates the phone.
    for (const body of [{ phone: '1234' }, { phone: '23800000000' }, {}, { phone: 'x'.repeat(10_000) }]) {
      const r = await s.api.post('/blade-system/client/send-validate-not-auth', body);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ code: 400, success: false });
      expect(['手机号格式不正确', '请输入手机号']).toContain(r.body.msg);
    }
  });

  it('a replayed SMS code is refused', async () => {
    const phone = nextPhone();
    await sendLoginCode(s, phone);
    const code = lastCode(s, phone);
    smsCodes.push(code);
    expect((await tokenCall(s, { grant_type: 'sms_code', username: phone, code })).status).toBe(200);
    const replay = await tokenCall(s, { grant_type: 'sms_code', username: phone, code });
    expect(replay.status).toBe(400);
    expect(replay.body.error_description).toBe('验证码已失效，请重新获取');
  });

  it('the database holds no password MD5, no SMS code and no captcha text', async () => {
    for (const l of readOutbox(s)) smsCodes.push(l.code);
    expect(passwordsMd5.length).toBeGreaterThanOrEqual(2);
    expect(smsCodes.length).toBeGreaterThanOrEqual(10);
    const bytes = await databaseBytes(s);
    expect(bytes.length).toBeGreaterThan(10_000);
    const text = bytes.toString('latin1');
    for (const h of passwordsMd5) {
      expect(text.includes(h)).toBe(false);
      expect(text.includes(h.toUpperCase())).toBe(false);
      expect(bytes.includes(Buffer.from(h, 'hex'))).toBe(false);
    }
    // A code could only show up as a number of its own: six digits not inside a longer number.
    for (const c of new Set(smsCodes))
      expect(new RegExp(`(?<![0-9])${c}(?![0-9])`).test(text), `code ${c}`).toBe(false);
    for (const t of captchaTexts)
      expect(text.includes(t) || text.includes(t.toLowerCase()), `captcha ${t}`).toBe(false);
    // The hashes are there, so the search looked at the right data.
    expect(text).toContain('$argon2id$');
  });
});

describe('accounts: configuration', () => {
  it('a readable captcha exists only under NODE_ENV=test', () => {
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        CAPTCHA_TEST_TEXT: 'abcd',
        SMS_PROVIDER: 'aliyun',
        WECHAT_PROVIDER: 'official',
      }),
    ).toThrow(/CAPTCHA_TEST_TEXT/);
    expect(() => loadConfig({ NODE_ENV: 'development', CAPTCHA_TEST_TEXT: 'abcd' })).toThrow(
      /CAPTCHA_TEST_TEXT/,
    );
    expect(loadConfig({ NODE_ENV: 'test', CAPTCHA_TEST_TEXT: 'abcd' }).CAPTCHA_TEST_TEXT).toBe('abcd');
  });

  it('real providers need their credentials', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'aliyun' })).toThrow(/SMS_ACCESS_KEY_ID/);
    expect(() => loadConfig({ WECHAT_PROVIDER: 'official' })).toThrow(/WECHAT_TOKEN/);
    const ok = loadConfig({
      SMS_PROVIDER: 'aliyun',
      SMS_ACCESS_KEY_ID: 'id',
      SMS_ACCESS_KEY_SECRET: 'sec',
      SMS_SIGN_NAME: '标书',
      SMS_TEMPLATE_CODE: 'SMS_1',
    });
    expect(ok.SMS_PROVIDER).toBe('aliyun');
  });

  it('a test server started with CAPTCHA_TEST_TEXT issues that text', async () => {
    const t = await startAccountsServer({ CAPTCHA_TEST_TEXT: 'Kp7m' });
    try {
      const phone = nextPhone();
      const { token } = await loginBySms(t, phone);
      await setPassword(t, token, phone, 'Fixed-pass-3');
      const img = await t.api.get('/system/commonClient/getImage');
      const r = await tokenCall(
        t,
        { grant_type: 'client_password', username: phone, password: md5('Fixed-pass-3') },
        { 'Captcha-Key': img.body.data.key, 'Captcha-Code': 'kp7m' },
      );
      expect(r.status).toBe(200);
      // The answer is not in what the client receives.
      expect(JSON.stringify(img.body)).not.toMatch(/Kp7m/i);
    } finally {
      await t.close();
    }
  });
});
