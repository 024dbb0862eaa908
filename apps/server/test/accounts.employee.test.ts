import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_DB, useTestServer } from './helpers/test-server.ts';
import { createCompany } from '../src/modules/employee/service.ts';
import {
  advanceClock,
  companyWithAdmin,
  loginBySms,
  nextIp,
  nextPhone,
  resetClock,
  startAccountsServer,
  userInfo,
} from './accounts-helpers.ts';

const s = useTestServer(() => startAccountsServer());
afterEach(() => resetClock(s));

const post = (p: string, body: unknown, token?: string) =>
  s.api.post(`/blade-system/client/${p}`, body, { token, headers: { 'x-forwarded-for': nextIp() } });
const list = (token: string, query: Record<string, string | number> = {}) =>
  s.api.get('/blade-system/client/employeeList', query, { token });
const masked = (p: string) => `${p.slice(0, 3)}****${p.slice(7)}`;
const pending = async (token: string): Promise<Array<{ id: string }>> =>
  (await s.api.get('/blade-system/client/employeeInvitationList', {}, { token })).body.data;
const myInvitations = async (token: string): Promise<Array<{ id: string; companyName: string }>> =>
  (await s.api.get('/blade-system/client/myEmployeeInvitations', {}, { token })).body.data;

/** Invites the phone into the company, logs the person in (unless a token is given) and accepts. */
async function join(
  c: { token: string; tenantId: string },
  phone: string,
  token?: string,
): Promise<{ token: string }> {
  const inv = await post('employeeAdd', { phone }, c.token);
  expect(inv.status, JSON.stringify(inv.body)).toBe(200);
  const emp = token ? { token } : await loginBySms(s, phone);
  const ans = await post('answerEmployeeInvitation', { id: inv.body.data.id, accept: true }, emp.token);
  expect(ans.status, JSON.stringify(ans.body)).toBe(200);
  return emp;
}

describe(`accounts: company accounts and employees (${TEST_DB})`, () => {
  it('the administrator sees the company: isEmployee 1, name = company, company quota, the 员工管理 entry', async () => {
    const c = await companyWithAdmin(s, '华东建设集团有限公司', 20);
    await s.built.ctx.db
      .updateTable('tenants')
      .set({ month_bid_number: 5, grant_bid_number: 2 })
      .where('id', '=', c.tenantId)
      .execute();
    const info = await userInfo(s, c.token);
    expect(info).toMatchObject({
      id: c.adminId,
      tenantId: c.tenantId,
      isEmployee: 1,
      name: '华东建设集团有限公司',
      role: 'company_admin',
      rights: ['employee:manage'],
      bidNumber: 20,
      monthBidNumber: 5,
      temporaryBidNumber: 0,
      grantBidNumber: 2,
    });
    expect(info.headMenu.map((m: { path: string }) => m.path)).toContain('/home/employees');
    const q = await post('query-bid-number', {}, c.token);
    expect(q.body.data).toMatchObject({ owner: 'company', bidNumber: 20, total: 27 });
  });

  it('employeeAdd invites by phone: the person logs in by SMS, accepts, and draws on the company quota', async () => {
    const c = await companyWithAdmin(s, '甲公司', 7);
    const phone = nextPhone();
    const add = await post('employeeAdd', { phone, name: '李四' }, c.token);
    expect(add.status).toBe(200);
    expect(add.body.data).toEqual({
      id: expect.any(String),
      name: '李四',
      phone: masked(phone),
      status: 'pending',
      createTime: expect.any(String),
    });
    expect((await pending(c.token)).map((i) => i.id)).toEqual([add.body.data.id]);
    // Not an employee before saying yes.
    expect((await list(c.token)).body.data.total).toBe(1);

    const emp = await loginBySms(s, phone);
    expect(await userInfo(s, emp.token)).toMatchObject({ isEmployee: 0, role: 'personal' });
    const mine = await myInvitations(emp.token);
    expect(mine).toEqual([
      {
        id: add.body.data.id,
        companyName: '甲公司',
        inviterName: expect.any(String),
        createTime: expect.any(String),
      },
    ]);
    expect((await post('answerEmployeeInvitation', { id: mine[0].id, accept: true }, emp.token)).status).toBe(
      200,
    );
    // The same login carries on inside the company.
    const info = await userInfo(s, emp.token);
    expect(info).toMatchObject({
      isEmployee: 1,
      name: '甲公司',
      role: 'employee',
      tenantId: c.tenantId,
      bidNumber: 7,
      rights: [],
    });
    expect(info.headMenu.map((m: { path: string }) => m.path)).not.toContain('/home/employees');
    expect(await myInvitations(emp.token)).toEqual([]);
    expect(await pending(c.token)).toEqual([]);

    const page = await list(c.token);
    expect(page.status).toBe(200);
    expect(page.body.data).toMatchObject({ total: 2, current: 1, size: 10, pages: 1 });
    expect(page.body.data.records.map((r: { role: string }) => r.role)).toEqual([
      'company_admin',
      'employee',
    ]);
    expect(page.body.data.records[1]).toMatchObject({
      phone: masked(phone),
      lastLoginTime: expect.any(String),
    });

    const small = await list(c.token, { current: 2, size: 1 });
    expect(small.body.data).toMatchObject({ total: 2, current: 2, size: 1, pages: 2 });
    expect(small.body.data.records).toHaveLength(1);
    expect((await list(c.token, { keyword: phone.slice(-4) })).body.data.total).toBe(1);
    expect((await list(c.token, { keyword: '%' })).body.data.total).toBe(0);
    expect((await list(c.token, { size: 500 })).status).toBe(400);

    // Inviting a member again: a clear conflict (about the caller's own company only).
    const dup = await post('employeeAdd', { phone }, c.token);
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toBe('该手机号已是本企业员工');
  });

  it('nobody joins without consent: a declined or revoked invitation changes nothing, and only the invited person can answer', async () => {
    const c = await companyWithAdmin(s, '乙公司', 3);
    const phone = nextPhone();
    const personal = await loginBySms(s, phone);
    const before = await userInfo(s, personal.token);
    const inv = (await post('employeeAdd', { phone }, c.token)).body.data;
    // The person's login and account are untouched by the invitation.
    expect(await userInfo(s, personal.token)).toMatchObject({
      id: before.id,
      tenantId: before.tenantId,
      isEmployee: 0,
    });

    const stranger = await loginBySms(s, nextPhone());
    const foreign = await post('answerEmployeeInvitation', { id: inv.id, accept: true }, stranger.token);
    expect(foreign.status).toBe(404);
    expect(foreign.body.msg).toBe('邀请不存在或已失效');
    expect(await userInfo(s, stranger.token)).toMatchObject({ isEmployee: 0 });

    expect(
      (await post('answerEmployeeInvitation', { id: inv.id, accept: false }, personal.token)).status,
    ).toBe(200);
    expect(await userInfo(s, personal.token)).toMatchObject({ tenantId: before.tenantId, isEmployee: 0 });
    expect(
      (await post('answerEmployeeInvitation', { id: inv.id, accept: true }, personal.token)).status,
    ).toBe(404);

    const again = (await post('employeeAdd', { phone }, c.token)).body.data;
    expect((await post('employeeInvitationRevoke', { id: again.id }, c.token)).status).toBe(200);
    expect(await myInvitations(personal.token)).toEqual([]);
    expect(
      (await post('answerEmployeeInvitation', { id: again.id, accept: true }, personal.token)).status,
    ).toBe(404);
    expect((await post('employeeInvitationRevoke', { id: again.id }, c.token)).status).toBe(404);
    expect((await list(c.token)).body.data.total).toBe(1);
    expect((await post('answerEmployeeInvitation', { id: again.id }, personal.token)).body.msg).toContain(
      'accept',
    );
  });

  it('an existing personal user who accepts keeps their login; removal gives them their personal account back', async () => {
    const c = await companyWithAdmin(s, '丙公司', 3);
    const phone = nextPhone();
    const personal = await loginBySms(s, phone);
    const personalInfo = await userInfo(s, personal.token);
    expect(personalInfo.temporaryBidNumber).toBe(1);
    const emp = await join(c, phone, personal.token);
    expect(await userInfo(s, emp.token)).toMatchObject({
      id: personalInfo.id,
      isEmployee: 1,
      name: '丙公司',
      tenantId: c.tenantId,
      bidNumber: 3,
    });

    const rm = await post('employeeRemove', { id: personalInfo.id }, c.token);
    expect(rm.status).toBe(200);
    // The token stops working at once.
    const after = await post('get-userInfo', {}, emp.token);
    expect(after.status).toBe(401);
    expect(after.body.msg).toBe('登录失效，请重新登录');
    const sessions = await s.built.ctx.db
      .selectFrom('sessions')
      .select(['revoked_at'])
      .where('user_id', '=', personalInfo.id)
      .execute();
    expect(sessions.every((x) => x.revoked_at !== null)).toBe(true);

    advanceClock(s, 61_000);
    const back = await loginBySms(s, phone);
    expect(await userInfo(s, back.token)).toMatchObject({
      id: personalInfo.id,
      isEmployee: 0,
      tenantId: personalInfo.tenantId,
      temporaryBidNumber: 1,
      role: 'personal',
    });
    expect((await list(c.token)).body.data.total).toBe(1);
  });

  it('only the company administrator may call the employee calls (403 otherwise)', async () => {
    const c = await companyWithAdmin(s, '丁公司');
    const empPhone = nextPhone();
    const emp = await join(c, empPhone);
    const empId = (await userInfo(s, emp.token)).id;
    const personal = await loginBySms(s, nextPhone());
    for (const token of [emp.token, personal.token]) {
      const a = await post('employeeAdd', { phone: nextPhone() }, token);
      expect(a.status).toBe(403);
      expect(a.body).toMatchObject({ code: 403, success: false, msg: '仅企业管理员可以管理员工' });
      expect((await list(token)).status).toBe(403);
      expect((await s.api.get('/blade-system/client/employeeInvitationList', {}, { token })).status).toBe(
        403,
      );
      expect((await post('employeeRemove', { id: empId }, token)).status).toBe(403);
    }
    // Without a login: 401.
    expect((await post('employeeAdd', { phone: nextPhone() })).status).toBe(401);
    expect((await s.api.get('/blade-system/client/employeeList')).status).toBe(401);
    expect((await s.api.get('/blade-system/client/myEmployeeInvitations')).status).toBe(401);
    // The employee is still there.
    expect((await list(c.token)).body.data.total).toBe(2);
  });

  it("another company's members are neither revealed nor movable; the admin cannot remove themselves", async () => {
    const a = await companyWithAdmin(s, '戊公司');
    const b = await companyWithAdmin(s, '己公司');
    const bPhone = nextPhone();
    const bEmp = await join(b, bPhone);
    const bEmpId = (await userInfo(s, bEmp.token)).id;
    const foreign = await post('employeeRemove', { id: bEmpId }, a.token);
    expect(foreign.status).toBe(404);
    expect(foreign.body.msg).toBe('员工不存在');
    expect((await post('employeeRemove', { id: 'no-such-id' }, a.token)).status).toBe(404);
    const self = await post('employeeRemove', { id: a.adminId }, a.token);
    expect(self.status).toBe(400);
    expect(self.body.msg).toBe('不能移除企业管理员自己');

    // The same answer for another company's employee, its administrator and a number nobody uses.
    const shape = (r: { status: number; body: any }) => ({
      status: r.status,
      code: r.body.code,
      msg: r.body.msg,
      keys: Object.keys(r.body.data ?? {}).sort(),
      status2: r.body.data?.status,
    });
    const answers = [
      await post('employeeAdd', { phone: bPhone }, a.token),
      await post('employeeAdd', { phone: b.phone }, a.token),
      await post('employeeAdd', { phone: nextPhone() }, a.token),
    ];
    expect(answers.map(shape)).toEqual(Array(3).fill(shape(answers[2])));
    expect(answers[2].status).toBe(200);

    // b's employee sees a's invitation but cannot be moved while in b.
    const inv = (await myInvitations(bEmp.token)).find((i) => i.companyName === '戊公司')!;
    const refused = await post('answerEmployeeInvitation', { id: inv.id, accept: true }, bEmp.token);
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe('您已是其他企业的员工，需先由该企业移除后才能接受新的邀请');
    expect(await userInfo(s, bEmp.token)).toMatchObject({ tenantId: b.tenantId, isEmployee: 1 });
    // Bad input.
    expect((await post('employeeAdd', { phone: '110' }, a.token)).body.msg).toBe('手机号格式不正确');
    expect((await post('employeeAdd', {}, a.token)).body.msg).toBe('请输入手机号');
    expect((await post('employeeRemove', {}, a.token)).status).toBe(400);
  });

  it('createCompany turns an existing personal user into the administrator', async () => {
    const phone = nextPhone();
    const before = await loginBySms(s, phone);
    const { tenantId, userId } = await createCompany(s.built.ctx.db, { name: '庚公司', phone });
    expect(userId).toBe(before.body.user_id);
    advanceClock(s, 61_000);
    const again = await loginBySms(s, phone);
    expect(await userInfo(s, again.token)).toMatchObject({
      tenantId,
      role: 'company_admin',
      isEmployee: 1,
      name: '庚公司',
    });
    await expect(createCompany(s.built.ctx.db, { name: '辛公司', phone })).rejects.toThrow(
      '该手机号已属于一个企业',
    );
  });
});

describe('accounts: admin CLI', () => {
  it('npm run admin -- create-company --name X --phone Y creates a company and its administrator', () => {
    const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bid-cli-'));
    try {
      const env = {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        NODE_ENV: 'development',
        LOG_LEVEL: 'silent',
      };
      const run = (args: string[]) =>
        spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/admin.ts', ...args], {
          cwd: serverDir,
          env,
          encoding: 'utf8',
        });
      const ok = run(['create-company', '--name', '测试企业', '--phone', '13700000001', '--bids', '5']);
      expect(ok.status, ok.stderr).toBe(0);
      const out = JSON.parse(ok.stdout.trim().split('\n').at(-1) as string);
      expect(out).toMatchObject({
        tenantId: expect.any(String),
        userId: expect.any(String),
        name: '测试企业',
        phone: '13700000001',
      });
      const dup = run(['create-company', '--name', '再来一个', '--phone', '13700000001']);
      expect(dup.status).toBe(1);
      expect(dup.stderr).toContain('该手机号已属于一个企业');
      const bad = run(['create-company', '--name', 'X', '--phone', '123']);
      expect(bad.status).toBe(1);
      expect(bad.stderr).toContain('手机号格式不正确');
      expect(bad.stderr).not.toContain('at ');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    // Each run boots TypeScript in a fresh process: slow on a busy machine.
  }, 120_000);
});
