import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB, useTestServer } from './helpers/test-server.ts';
import { createUserWithSession, type TestUser } from './helpers/fixtures.ts';
import { SqlOperatorDirectory } from '../src/policy/operator-repo.ts';

/** Word templates in the console: what users can choose follows what operators enable, name and order. */
describe(`Word templates in the console (${TEST_DB})`, () => {
  let operator: TestUser;
  let user: TestUser;
  const s = useTestServer();
  beforeAll(async () => {
    operator = await createUserWithSession(s);
    user = await createUserWithSession(s);
    await new SqlOperatorDirectory(s.built.ctx.db).grant(operator.userId);
  });

  const userList = async () =>
    (await s.api.get('/bid/templateConfig/findAllTemplate', undefined, { token: user.token })).body
      .data as Array<{ id: string; name: string; isDefault: boolean }>;
  const op = (url: string, body: unknown) => s.api.post(url, body, { token: operator.token });

  it('lists every template with one default; disabling, renaming, reordering and the default reach the users’ list', async () => {
    const all = (await s.api.get('/admin/template/list', undefined, { token: operator.token })).body
      .data as Array<{ id: string; isDefault: boolean; enabled: boolean }>;
    expect(all.length).toBeGreaterThanOrEqual(2);
    expect(all.filter((t) => t.isDefault)).toHaveLength(1);
    const def = all.find((t) => t.isDefault)!;
    const other = all.find((t) => !t.isDefault)!;
    expect((await userList()).find((t) => t.isDefault)?.id).toBe(def.id);

    const refused = await op('/admin/template/update', { id: def.id, enabled: false });
    expect([refused.status, refused.body.msg]).toEqual([400, '默认模板不能停用，请先把其他模板设为默认']);

    await op('/admin/template/update', { id: other.id, enabled: false });
    expect((await userList()).map((t) => t.id)).not.toContain(other.id);
    const noDefault = await op('/admin/template/setDefault', { id: other.id });
    expect([noDefault.status, noDefault.body.msg]).toEqual([400, '停用的模板不能设为默认，请先启用']);

    await op('/admin/template/update', { id: other.id, enabled: true, name: '我们的投标模板', sort: 0 });
    const after = await userList();
    expect(after[0]).toMatchObject({ id: other.id, name: '我们的投标模板' });
    const set = await op('/admin/template/setDefault', { id: other.id });
    expect(
      set.body.data.filter((t: { isDefault: boolean }) => t.isDefault).map((t: { id: string }) => t.id),
    ).toEqual([other.id]);
    expect((await userList()).filter((t) => t.isDefault).map((t) => t.id)).toEqual([other.id]);
    // The old default can be disabled now; an empty name goes back to the template's own.
    expect((await op('/admin/template/update', { id: def.id, enabled: false })).status).toBe(200);
    const renamedBack = (await op('/admin/template/update', { id: other.id, name: '' })).body.data.find(
      (t: { id: string }) => t.id === other.id,
    );
    expect(renamedBack.name).toBe(renamedBack.originalName);
    expect((await op('/admin/template/update', { id: 'nope', enabled: true })).status).toBe(404);
    expect(
      (await s.api.post('/admin/template/setDefault', { id: def.id }, { token: user.token })).status,
    ).toBe(403);
  });
});
