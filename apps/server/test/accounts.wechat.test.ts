import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { wechatSignature } from '../src/modules/wechat/provider.ts';
import { TEST_DB, type TestServer } from './helpers/test-server.ts';
import { advanceClock, resetClock, startAccountsServer, tokenCall, userInfo } from './accounts-helpers.ts';

async function startQr(t: TestServer) {
  const r = await t.api.post('/common/client/getWechatQrCode', {});
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data as { code: string; qrUrl: string; expiresIn: number; provider: string };
}
const stateOf = async (t: TestServer, code: string) =>
  (await t.api.get('/common/client/getUserState', { code })).body.data.state;

describe(`accounts: WeChat QR login with the simulator (${TEST_DB})`, () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startAccountsServer();
  });
  afterAll(async () => {
    await s?.close();
  });
  afterEach(() => resetClock(s));

  it('waiting -> scanned -> confirmed -> social login registers the WeChat user, single use', async () => {
    const qr = await startQr(s);
    expect(qr).toEqual({
      code: expect.stringMatching(/^[0-9a-f]{32}$/),
      qrUrl: expect.stringMatching(/^data:image\/svg\+xml;base64,/),
      expiresIn: 300,
      provider: 'simulator',
    });
    expect(Buffer.from(qr.qrUrl.split(',')[1], 'base64').toString()).toContain(qr.code);
    expect(await stateOf(s, qr.code)).toBe('waiting');

    // Not confirmed yet: no login.
    const early = await tokenCall(s, { grant_type: 'social', code: qr.code });
    expect(early.status).toBe(400);
    expect(early.body.error_description).toBe('请先在微信中确认登录');

    const scan = await s.api.post('/dev/wechat/confirm', { code: qr.code, openid: 'o-sim-1', step: 'scan' });
    expect(scan.body.data).toEqual({ state: 'scanned' });
    expect(await stateOf(s, qr.code)).toBe('scanned');
    const confirm = await s.api.post('/dev/wechat/confirm', {
      code: qr.code,
      openid: 'o-sim-1',
      nickname: '小张',
    });
    expect(confirm.body.data).toEqual({ state: 'confirmed' });
    expect(await stateOf(s, qr.code)).toBe('confirmed');

    const r = await tokenCall(s, { grant_type: 'social', code: qr.code, regist_source: 'wechat-qr' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, token_type: 'bearer', new_user: true });
    expect(r.body.account).toMatch(/^wx_[0-9a-f]{10}$/);
    const info = await userInfo(s, r.body.access_token);
    expect(info).toMatchObject({
      hasWechat: true,
      phone: '',
      userName: '小张',
      temporaryBidNumber: 1,
      source: 'wechat',
    });

    // Single use: the scene is spent.
    expect(await stateOf(s, qr.code)).toBe('expired');
    const again = await tokenCall(s, { grant_type: 'social', code: qr.code });
    expect(again.status).toBe(400);
    expect(again.body.error_description).toBe('二维码已失效，请刷新后重新扫码');

    // The same WeChat user later: the same account.
    const qr2 = await startQr(s);
    await s.api.post('/dev/wechat/confirm', { code: qr2.code, openid: 'o-sim-1' });
    const r2 = await tokenCall(s, { grant_type: 'social', code: qr2.code });
    expect(r2.body).toMatchObject({ success: true, user_id: r.body.user_id, new_user: false });
  });

  it('a scene expires after 5 minutes and can no longer be confirmed', async () => {
    const qr = await startQr(s);
    advanceClock(s, 301_000);
    expect(await stateOf(s, qr.code)).toBe('expired');
    const c = await s.api.post('/dev/wechat/confirm', { code: qr.code, openid: 'o-late' });
    expect(c.status).toBe(400);
    expect(c.body.msg).toBe('二维码已失效或已确认');
  });

  it('unknown codes look expired; bad input is a Chinese 400', async () => {
    expect(await stateOf(s, 'f'.repeat(32))).toBe('expired');
    const missing = await s.api.get('/common/client/getUserState');
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toBe('缺少扫码登录编号 code');
    const long = await s.api.get('/common/client/getUserState', { code: 'x'.repeat(500) });
    expect(long.status).toBe(400);
    const noOpenid = await s.api.post('/dev/wechat/confirm', { code: 'abc' });
    expect(noOpenid.status).toBe(400);
    expect(noOpenid.body.msg).toBe('缺少 openid');
  });
});

/** A stand-in for api.weixin.qq.com: stable_token and qrcode/create. */
function fakeWechat() {
  const seen: Array<{ path: string; body: any }> = [];
  let failNextQr = 0;
  let tokens = 0;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const body = raw ? JSON.parse(raw) : null;
      seen.push({ path: url.pathname + url.search, body });
      res.setHeader('content-type', 'application/json');
      if (url.pathname === '/cgi-bin/stable_token') {
        tokens += 1;
        res.end(JSON.stringify({ access_token: `TOKEN-${tokens}`, expires_in: 7200 }));
      } else if (url.pathname === '/cgi-bin/qrcode/create') {
        if (failNextQr > 0) {
          failNextQr -= 1;
          res.end(JSON.stringify({ errcode: 40001, errmsg: 'invalid credential' }));
          return;
        }
        res.end(
          JSON.stringify({
            ticket: `TICKET+${body.action_info.scene.scene_str}/=`,
            expire_seconds: body.expire_seconds,
            url: 'http://weixin.qq.com/q/x',
          }),
        );
      } else {
        res.statusCode = 404;
        res.end('{}');
      }
    });
  });
  return {
    seen,
    failQrOnce: () => (failNextQr = 1),
    async start() {
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe(`accounts: WeChat Official Account provider (${TEST_DB})`, () => {
  const WX_TOKEN = 'callback-token-1';
  let s: TestServer;
  const wx = fakeWechat();
  beforeAll(async () => {
    const base = await wx.start();
    s = await startAccountsServer({
      WECHAT_PROVIDER: 'official',
      WECHAT_APP_ID: 'wxapp',
      WECHAT_APP_SECRET: 'wxsecret',
      WECHAT_TOKEN: WX_TOKEN,
      WECHAT_API_BASE: base,
    });
  });
  afterAll(async () => {
    await s?.close();
    await wx.close();
  });

  function signed(extra: Record<string, string> = {}) {
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = `n${Math.random().toString(36).slice(2)}`;
    return { signature: wechatSignature(WX_TOKEN, timestamp, nonce), timestamp, nonce, ...extra };
  }

  async function push(xml: string, query = signed()) {
    const url = new URL('/api/wechat/callback', s.baseUrl);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'text/xml' }, body: xml });
    return { status: res.status, text: await res.text() };
  }

  const eventXml = (openid: string, event: string, key: string) =>
    `<xml><ToUserName><![CDATA[gh_123]]></ToUserName><FromUserName><![CDATA[${openid}]]></FromUserName><CreateTime>1700000000</CreateTime>` +
    `<MsgType><![CDATA[event]]></MsgType><Event><![CDATA[${event}]]></Event><EventKey><![CDATA[${key}]]></EventKey><Ticket><![CDATA[t]]></Ticket></xml>`;

  it('creates a temporary scene QR through access_token + qrcode/create', async () => {
    const qr = await startQr(s);
    expect(qr.provider).toBe('official');
    expect(qr.qrUrl).toBe(
      `https://mp.weixin.qq.com/cgi-bin/showqrcode?ticket=${encodeURIComponent(`TICKET+${qr.code}/=`)}`,
    );
    const tokenCallSeen = wx.seen.find((x) => x.path === '/cgi-bin/stable_token');
    expect(tokenCallSeen?.body).toMatchObject({
      grant_type: 'client_credential',
      appid: 'wxapp',
      secret: 'wxsecret',
    });
    const create = wx.seen.filter((x) => x.path.startsWith('/cgi-bin/qrcode/create')).at(-1)!;
    expect(create.path).toBe('/cgi-bin/qrcode/create?access_token=TOKEN-1');
    expect(create.body).toEqual({
      expire_seconds: 300,
      action_name: 'QR_STR_SCENE',
      action_info: { scene: { scene_str: qr.code } },
    });
  });

  it('refreshes the access token once when WeChat says it is invalid', async () => {
    wx.failQrOnce();
    const qr = await startQr(s);
    expect(qr.qrUrl).toContain('showqrcode');
    const forced = wx.seen.filter((x) => x.path === '/cgi-bin/stable_token').at(-1)!;
    expect(forced.body.force_refresh).toBe(true);
  });

  it('answers the server check only with a valid signature', async () => {
    const ok = await fetch(
      `${s.baseUrl}/api/wechat/callback?${new URLSearchParams(signed({ echostr: 'echo-123' }))}`,
    );
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('echo-123');
    const bad = await fetch(
      `${s.baseUrl}/api/wechat/callback?${new URLSearchParams({ ...signed({ echostr: 'x' }), signature: '0'.repeat(40) })}`,
    );
    expect(bad.status).toBe(403);
    const stale = String(Math.floor(Date.now() / 1000) - 3600);
    const old = await fetch(
      `${s.baseUrl}/api/wechat/callback?${new URLSearchParams({ signature: wechatSignature(WX_TOKEN, stale, 'n1'), timestamp: stale, nonce: 'n1', echostr: 'x' })}`,
    );
    expect(old.status).toBe(403);
  });

  it('a SCAN event confirms the scene; the browser then logs in with grant_type=social', async () => {
    const qr = await startQr(s);
    const forged = await push(eventXml('o-evil', 'SCAN', qr.code), {
      ...signed(),
      signature: 'f'.repeat(40),
    });
    expect(forged.status).toBe(403);
    expect(await stateOf(s, qr.code)).toBe('waiting');

    const r = await push(eventXml('o-official-1', 'SCAN', qr.code));
    expect(r).toEqual({ status: 200, text: 'success' });
    expect(await stateOf(s, qr.code)).toBe('confirmed');
    const login = await tokenCall(s, { grant_type: 'social', code: qr.code });
    expect(login.status).toBe(200);
    expect(login.body.new_user).toBe(true);
    const row = await s.built.ctx.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', login.body.user_id)
      .executeTakeFirstOrThrow();
    expect(row.wechat_openid).toBe('o-official-1');
  });

  it('a subscribe event (qrscene_ prefix) confirms too; other pushes are acknowledged and ignored', async () => {
    const qr = await startQr(s);
    expect((await push(eventXml('o-official-2', 'subscribe', `qrscene_${qr.code}`))).text).toBe('success');
    expect(await stateOf(s, qr.code)).toBe('confirmed');
    const text = await push(
      '<xml><FromUserName><![CDATA[o-x]]></FromUserName><MsgType><![CDATA[text]]></MsgType><Content><![CDATA[hi]]></Content></xml>',
    );
    expect(text).toEqual({ status: 200, text: 'success' });
    expect((await push('not xml at all')).text).toBe('success');
  });

  it('has no simulator route', async () => {
    const r = await s.api.post('/dev/wechat/confirm', { code: 'abc', openid: 'x' });
    expect(r.status).toBe(404);
  });
});
