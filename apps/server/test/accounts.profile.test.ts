import { afterEach, describe, expect, it } from 'vitest';
import { TEST_DB, useTestServer } from './helpers/test-server.ts';
import {
  advanceClock,
  lastCode,
  loginBySms,
  md5,
  nextIp,
  nextPhone,
  resetClock,
  startAccountsServer,
  tokenCall,
  userInfo,
} from './accounts-helpers.ts';

const s = useTestServer(() => startAccountsServer());
afterEach(() => resetClock(s));

const post = (path: string, body: unknown, token?: string) =>
  s.api.post(`/blade-system/client/${path}`, body, { token, headers: { 'x-forwarded-for': nextIp() } });

describe(`accounts: session state and profile (${TEST_DB})`, () => {
  it('get-userInfo carries every field of SPEC section 3', async () => {
    const phone = nextPhone();
    const { token, body } = await loginBySms(s, phone);
    const info = await userInfo(s, token);
    for (const key of [
      'id',
      'account',
      'source',
      'tenantId',
      'expireDate',
      'packageUnit',
      'packageUnlimitedTimes',
      'bidNumber',
      'monthBidNumber',
      'temporaryBidNumber',
      'grantBidNumber',
      'isEmployee',
      'name',
      'bidFileShowFlag',
      'projectListShowFlag',
      'isBuy',
      'headMenu',
      'rights',
      'needUserInfo',
      'modelData',
    ]) {
      expect(info, key).toHaveProperty(key);
    }
    expect(info).toMatchObject({
      id: body.user_id,
      account: `${phone.slice(0, 3)}****${phone.slice(7)}`,
      phone: `${phone.slice(0, 3)}****${phone.slice(7)}`,
      source: 'sms',
      expireDate: null,
      packageUnit: null,
      packageUnlimitedTimes: null,
      bidNumber: 0,
      monthBidNumber: 0,
      temporaryBidNumber: 1,
      grantBidNumber: 0,
      isEmployee: 0,
      name: '',
      bidFileShowFlag: 1,
      projectListShowFlag: 1,
      isBuy: 0,
      rights: [],
      needUserInfo: 1,
      modelData: { premium_status: 0, standard_status: 0 },
      role: 'personal',
      hasPassword: false,
      hasWechat: false,
      preferredModel: null,
    });
    expect(info.headMenu.every((m: { path: string }) => m.path.startsWith('/'))).toBe(true);
    expect(info.headMenu.map((m: { path: string }) => m.path)).not.toContain('/home/employees');
    expect(JSON.stringify(info)).not.toContain(phone);
  });

  it('query-bid-number answers each bucket', async () => {
    const { token, body } = await loginBySms(s, nextPhone());
    await s.built.ctx.db
      .updateTable('users')
      .set({
        bid_number: 3,
        month_bid_number: 2,
        grant_bid_number: 1,
        package_unlimited_until: new Date(Date.now() + 86_400_000).toISOString(),
      })
      .where('id', '=', body.user_id)
      .execute();
    const r = await post('query-bid-number', {}, token);
    expect(r.body.data).toEqual({
      bidNumber: 3,
      monthBidNumber: 2,
      temporaryBidNumber: 1,
      grantBidNumber: 1,
      total: 7,
      unlimited: true,
      unlimitedUntil: expect.any(String),
      owner: 'personal',
    });
  });

  it('update-user sets the name and clears needUserInfo', async () => {
    const { token } = await loginBySms(s, nextPhone());
    expect((await post('update-user', { name: '  王工  ' }, token)).status).toBe(200);
    const info = await userInfo(s, token);
    expect(info).toMatchObject({ name: '王工', userName: '王工', needUserInfo: 0 });
    const empty = await post('update-user', { name: '   ' }, token);
    expect(empty.status).toBe(400);
    expect(empty.body.msg).toBe('姓名不能为空');
    expect((await post('update-user', { name: '长'.repeat(31) }, token)).body.msg).toBe(
      '姓名不能超过 30 个字符',
    );
    expect((await post('update-user', {}, token)).body.msg).toBe('请输入姓名');
  });

  it('standard-update sets the show flags and the preferred model', async () => {
    const { token, body } = await loginBySms(s, nextPhone());
    const r = await post('standard-update', { bidFileShowFlag: 0, preferredModel: 'premium' }, token);
    expect(r.body.data).toEqual({ bidFileShowFlag: 0, projectListShowFlag: 1, preferredModel: 'premium' });
    expect(await userInfo(s, token)).toMatchObject({
      bidFileShowFlag: 0,
      projectListShowFlag: 1,
      preferredModel: 'premium',
    });
    expect((await post('standard-update', {}, token)).body.msg).toBe('请至少修改一项设置');
    expect((await post('standard-update', { projectListShowFlag: 2 }, token)).body.msg).toBe(
      '开关只能是 0 或 1',
    );
    await s.built.ctx.db
      .updateTable('users')
      .set({ premium_disabled: 1 })
      .where('id', '=', body.user_id)
      .execute();
    const disabled = await post('standard-update', { preferredModel: 'premium' }, token);
    expect(disabled.status).toBe(400);
    expect(disabled.body.msg).toBe('当前账号未开通高级模型');
  });

  it('update-password: by SMS code, then by the old password; other sessions end, this one stays', async () => {
    const phone = nextPhone();
    const { token } = await loginBySms(s, phone);
    advanceClock(s, 61_000);
    const other = await loginBySms(s, phone);

    advanceClock(s, 61_000);
    expect((await post('send-validate-logged', { purpose: 'change-password' }, token)).status).toBe(200);
    const byCode = await post(
      'update-password',
      { newPassword: md5('First-pass-1'), code: lastCode(s, phone, 'change-password') },
      token,
    );
    expect(byCode.status).toBe(200);
    expect((await post('get-userInfo', {}, other.token)).status).toBe(401);
    expect(await userInfo(s, token)).toMatchObject({ hasPassword: true });

    const wrongOld = await post(
      'update-password',
      { newPassword: md5('Second-pass-2'), oldPassword: md5('not-it') },
      token,
    );
    expect(wrongOld.status).toBe(400);
    expect(wrongOld.body.msg).toBe('原密码错误，还可尝试 4 次');
    const byOld = await post(
      'update-password',
      { newPassword: md5('Second-pass-2'), oldPassword: md5('First-pass-1') },
      token,
    );
    expect(byOld.status).toBe(200);

    // The new password logs in (with a captcha).
    const captcha = s.built.ctx.services.accounts as {
      captcha: { generator: () => { text: string; svg: string } };
    };
    captcha.captcha.generator = () => ({ text: 'Zz9k', svg: '<svg/>' });
    const img = await s.api.get('/system/commonClient/getImage');
    const login = await tokenCall(
      s,
      { grant_type: 'client_password', username: phone, password: md5('Second-pass-2') },
      { 'Captcha-Key': img.body.data.key, 'Captcha-Code': 'zz9k' },
    );
    expect(login.status).toBe(200);

    expect((await post('update-password', { newPassword: md5('x') }, token)).body.msg).toBe(
      '请输入原密码或短信验证码',
    );
    expect(
      (await post('update-password', { newPassword: 'plain', oldPassword: md5('x') }, token)).body.msg,
    ).toBe('密码格式不正确');
  });

  it('update-phone: old phone proven by a ticket, new phone by its code; taken phones get a clear 409', async () => {
    const oldPhone = nextPhone();
    const newPhone = nextPhone();
    const { token, body } = await loginBySms(s, oldPhone);
    const takenPhone = nextPhone();
    await loginBySms(s, takenPhone);

    // A taken number gets its code like any other (security-phone.api.test.ts: no enumeration);
    // a minute after its login code (one code a minute per phone).
    advanceClock(s, 61_000);
    expect((await post('send-validate', { phone: takenPhone }, token)).status).toBe(200);
    expect((await post('send-validate', { phone: oldPhone }, token)).body.msg).toBe(
      '新手机号不能与当前手机号相同',
    );
    expect((await post('send-validate', { phone: '123' }, token)).body.msg).toBe('手机号格式不正确');

    // Without the ticket of the old phone: refused.
    expect((await post('send-validate', { phone: newPhone }, token)).status).toBe(200);
    const noTicket = await post(
      'update-phone',
      { phone: newPhone, code: lastCode(s, newPhone, 'bind-phone') },
      token,
    );
    expect(noTicket.status).toBe(400);
    expect(noTicket.body.msg).toBe('请先验证原手机号');

    advanceClock(s, 61_000);
    expect((await post('send-validate-logged', { purpose: 'change-phone' }, token)).status).toBe(200);
    const v = await post(
      'validate-message',
      { code: lastCode(s, oldPhone, 'change-phone'), purpose: 'change-phone' },
      token,
    );
    expect(v.status).toBe(200);
    expect(v.body.data).toEqual({ ticket: expect.any(String), expiresIn: 600 });
    // validate-message used the code up.
    const replay = await post(
      'validate-message',
      { code: lastCode(s, oldPhone, 'change-phone'), purpose: 'change-phone' },
      token,
    );
    expect(replay.body.msg).toBe('验证码已失效，请重新获取');

    // The holder of the taken phone, with its code, hears that another account uses it.
    const takenAnswer = await post(
      'update-phone',
      { phone: takenPhone, code: lastCode(s, takenPhone, 'bind-phone'), ticket: v.body.data.ticket },
      token,
    );
    expect(takenAnswer.status).toBe(409);
    expect(takenAnswer.body.msg).toBe('该手机号已被其他账号使用，请更换手机号');

    expect((await post('send-validate', { phone: newPhone }, token)).status).toBe(200);
    const done = await post(
      'update-phone',
      { phone: newPhone, code: lastCode(s, newPhone, 'bind-phone'), ticket: v.body.data.ticket },
      token,
    );
    expect(done.status).toBe(200);
    const info = await userInfo(s, token);
    expect(info.phone).toBe(`${newPhone.slice(0, 3)}****${newPhone.slice(7)}`);
    expect(info.account).toBe(info.phone);

    // The ticket was for the old phone: it moves nothing any more.
    const third = nextPhone();
    advanceClock(s, 61_000);
    expect((await post('send-validate', { phone: third }, token)).status).toBe(200);
    const reuse = await post(
      'update-phone',
      { phone: third, code: lastCode(s, third, 'bind-phone'), ticket: v.body.data.ticket },
      token,
    );
    expect(reuse.body.msg).toBe('请先验证原手机号');

    // The new phone logs into the same account; the old one is free again.
    advanceClock(s, 61_000);
    const again = await loginBySms(s, newPhone);
    expect(again.body.user_id).toBe(body.user_id);
    advanceClock(s, 61_000);
    const fresh = await loginBySms(s, oldPhone);
    expect(fresh.body.new_user).toBe(true);
  });

  it('a WeChat-only account binds a phone without a ticket', async () => {
    const qr = (await s.api.post('/common/client/getWechatQrCode', {})).body.data;
    await s.api.post('/dev/wechat/confirm', { code: qr.code, openid: `o-bind-${Date.now()}` });
    const login = await tokenCall(s, { grant_type: 'social', code: qr.code });
    const token = login.body.access_token;
    const phone = nextPhone();
    expect((await post('send-validate-logged', {}, token)).body.msg).toBe(
      '当前账号未绑定手机号，请先绑定手机号',
    );
    expect((await post('send-validate', { phone }, token)).status).toBe(200);
    expect(
      (await post('update-phone', { phone, code: lastCode(s, phone, 'bind-phone') }, token)).status,
    ).toBe(200);
    expect((await userInfo(s, token)).phone).toBe(`${phone.slice(0, 3)}****${phone.slice(7)}`);
  });

  it('mark-stalog records usage marks, logged in or not', async () => {
    const { token, body } = await loginBySms(s, nextPhone());
    expect(
      (
        await post(
          'mark-stalog',
          { mark: 'page:/home/crtBidBook', path: '/home/crtBidBook', detail: { from: 'menu', n: 1 } },
          token,
        )
      ).status,
    ).toBe(200);
    expect((await post('mark-stalog', { mark: 'page:/' })).status).toBe(200);
    const rows = await s.built.ctx.db.selectFrom('usage_marks').selectAll().execute();
    expect(rows.find((r) => r.user_id === body.user_id)).toMatchObject({
      mark: 'page:/home/crtBidBook',
      path: '/home/crtBidBook',
      detail: '{"from":"menu","n":1}',
    });
    expect(rows.find((r) => r.user_id === null)).toMatchObject({ mark: 'page:/' });
    const bad = await post('mark-stalog', { mark: 'has space <script>' }, token);
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/^统计标记 mark/);
    expect((await post('mark-stalog', { mark: 'x', detail: 'text' }, token)).status).toBe(400);
  });

  it('every profile call needs a login', async () => {
    for (const p of [
      'get-userInfo',
      'query-bid-number',
      'send-validate-logged',
      'send-validate',
      'validate-message',
      'update-phone',
      'update-password',
      'update-user',
      'standard-update',
      'closeUserNotice',
    ]) {
      const r = await post(p, {});
      expect(r.status, p).toBe(401);
      expect(r.body.msg).toBe('登录失效，请重新登录');
    }
  });
});

describe(`accounts: notices and partners (${TEST_DB})`, () => {
  it('head notice until closed, per user', async () => {
    const a = await loginBySms(s, nextPhone());
    const b = await loginBySms(s, nextPhone());
    const head = await s.api.post('/common/client/getHeadNotice', {}, { token: a.token });
    expect(head.body.data).toEqual({
      id: expect.any(String),
      title: '使用提示',
      content: expect.stringContaining('评分标准'),
      link: null,
      level: 'info',
    });
    expect((await s.api.post('/common/client/getHeadNotice', {})).body.data?.id).toBe(head.body.data.id);
    expect((await post('closeUserNotice', { noticeId: head.body.data.id }, a.token)).status).toBe(200);
    expect((await post('closeUserNotice', { noticeId: head.body.data.id }, a.token)).status).toBe(200);
    expect((await s.api.post('/common/client/getHeadNotice', {}, { token: a.token })).body.data).toBeNull();
    expect((await s.api.post('/common/client/getHeadNotice', {}, { token: b.token })).body.data?.id).toBe(
      head.body.data.id,
    );
    const unknown = await post('closeUserNotice', { noticeId: '999' }, a.token);
    expect(unknown.status).toBe(404);
    expect((await post('closeUserNotice', {}, a.token)).status).toBe(400);
  });

  it('release notes of the newest version until closed; a newer version shows again', async () => {
    const a = await loginBySms(s, nextPhone());
    const upd = await s.api.post('/common/client/getUpdateNotice', {}, { token: a.token });
    expect(upd.body.data).toMatchObject({
      version: '0.1.0',
      title: expect.stringContaining('0.1.0'),
      publishedAt: expect.any(String),
    });
    expect((await s.api.post('/common/client/getUpdateNotice', {})).body.data).toBeNull();
    await post('closeUserNotice', { noticeId: upd.body.data.id }, a.token);
    expect((await s.api.post('/common/client/getUpdateNotice', {}, { token: a.token })).body.data).toBeNull();
    const later = new Date(Date.now() + 1000).toISOString();
    await s.built.ctx.db
      .insertInto('notices')
      .values({
        id: 'n-0-2-0',
        kind: 'update',
        title: '0.2.0 更新说明',
        content: '新功能',
        link: null,
        version: '0.2.0',
        level: 'info',
        status: 1,
        sort: 0,
        start_at: null,
        end_at: null,
        created_at: later,
        updated_at: later,
      })
      .execute();
    expect(
      (await s.api.post('/common/client/getUpdateNotice', {}, { token: a.token })).body.data,
    ).toMatchObject({ id: 'n-0-2-0', version: '0.2.0' });
  });

  it('partners for the landing page, no login needed', async () => {
    const r = await s.api.post('/common/client/getCooperatePartnerList', {});
    expect(r.status).toBe(200);
    expect(r.body.data).toHaveLength(6);
    expect(r.body.data[0]).toEqual({
      id: expect.any(String),
      name: expect.any(String),
      logo: null,
      link: null,
      description: null,
    });
  });

  it('the OpenAPI description lists every accounts call', async () => {
    const doc = (await (await fetch(`${s.baseUrl}/api/docs`)).json()) as { paths: Record<string, any> };
    const paths = Object.keys(doc.paths);
    for (const p of [
      '/api/blade-auth/oauth/token',
      '/api/system/commonClient/getImage',
      '/api/common/client/getWechatQrCode',
      '/api/common/client/getUserState',
      '/api/dev/wechat/confirm',
      '/api/blade-system/client/send-validate-not-auth',
      '/api/blade-system/client/get-userInfo',
      '/api/blade-system/client/send-validate-logged',
      '/api/blade-system/client/send-validate',
      '/api/blade-system/client/validate-message',
      '/api/blade-system/client/update-phone',
      '/api/blade-system/client/update-password',
      '/api/blade-system/client/update-user',
      '/api/blade-system/client/standard-update',
      '/api/blade-system/client/mark-stalog',
      '/api/blade-system/client/closeUserNotice',
      '/api/blade-system/client/query-bid-number',
      '/api/blade-system/client/employeeAdd',
      '/api/blade-system/client/employeeList',
      '/api/blade-system/client/employeeRemove',
      '/api/common/client/getHeadNotice',
      '/api/common/client/getUpdateNotice',
      '/api/common/client/getCooperatePartnerList',
    ]) {
      expect(paths, p).toContain(p);
    }
    expect(doc.paths['/api/blade-system/client/update-phone'].post.requestBody).toBeDefined();
  });
});
