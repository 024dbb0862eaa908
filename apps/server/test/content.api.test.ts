import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB, useTestServer } from './helpers/test-server.ts';
import { createUserWithSession, type TestUser } from './helpers/fixtures.ts';
import { SqlOperatorDirectory } from '../src/policy/operator-repo.ts';

/** Help, FAQ and news from the database: the console saves, the public pages read and search. */
describe(`public content (${TEST_DB})`, () => {
  let user: TestUser;
  let operator: TestUser;
  const s = useTestServer();
  beforeAll(async () => {
    user = await createUserWithSession(s);
    operator = await createUserWithSession(s);
    await new SqlOperatorDirectory(s.built.ctx.db).grant(operator.userId);
  });

  const save = (body: unknown, u: TestUser = operator) =>
    s.api.post('/admin/content/save', body, { token: u.token });
  const detail = (kind: string, code: string) => s.api.get('/content/client/detail', { kind, code });
  const search = (q: string) => s.api.get('/content/client/search', { q });

  it('serves the seeded texts without a token, old URLs intact', async () => {
    const help = await s.api.get('/content/client/list', { kind: 'help' });
    expect(help.status).toBe(200);
    expect(help.body.data.map((a: { code: string }) => a.code)).toContain('getting-started');
    const faq = await detail('question', '3');
    expect(faq.body.data).toMatchObject({
      kind: 'question',
      code: '3',
      title: '新建标书失败会扣额度吗？',
      category: '额度',
    });
    const guide = (await detail('help', 'getting-started')).body.data;
    expect(guide.html).toContain('<ol>');
    expect(guide.html).toContain('<li>登录后进入工作台');
  });

  it('a help article saved by an operator appears at its code and in search; unpublishing hides it', async () => {
    const body =
      '## 开票说明\n\n在**套餐与订单**中选择已付款订单，填写抬头和税号即可申请电子发票。\n\n<script>alert(1)</script>';
    const created = await save({
      kind: 'help',
      code: 'invoice-howto',
      title: '如何申请电子发票',
      body,
      published: true,
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ code: 'invoice-howto' });
    const id = created.body.data.id as string;

    const page = await detail('help', 'invoice-howto');
    expect(page.status).toBe(200);
    expect(page.body.data.title).toBe('如何申请电子发票');
    expect(page.body.data.html).toContain('<strong>套餐与订单</strong>');
    expect(page.body.data.html).not.toContain('<script>');
    // The summary defaults to the first paragraph (not the heading).
    expect(page.body.data.summary).toBe('在套餐与订单中选择已付款订单，填写抬头和税号即可申请电子发票。');

    // Full-width and upper-case input still finds it; both words must occur.
    const hits = (await search('电子发票  税号')).body.data;
    const hit = hits.find((h: { id: string }) => h.id === id);
    expect(hit).toMatchObject({
      kind: 'help',
      href: '/help/invoice-howto.html',
      title: '如何申请电子发票',
      titleHighlights: [[4, 8]],
    });
    expect(hit.snippet.slice(hit.snippetHighlights[0][0], hit.snippetHighlights[0][1])).toMatch(
      /电子发票|税号/,
    );
    expect(
      (await search('电子发票 不存在的词')).body.data.find((h: { id: string }) => h.id === id),
    ).toBeUndefined();
    const wide = await save({
      id,
      kind: 'help',
      title: '如何申请电子发票',
      body: `${body}\n\nPDF 格式的发票会发到邮箱。`,
      published: true,
    });
    expect(wide.body.data).toEqual({ id, code: 'invoice-howto' });
    expect((await search('ｐｄｆ')).body.data.map((h: { id: string }) => h.id)).toContain(id);

    expect(
      (await s.api.post('/admin/content/publish', { id, published: false }, { token: operator.token }))
        .status,
    ).toBe(200);
    const hidden = await detail('help', 'invoice-howto');
    expect([hidden.status, hidden.body.code, hidden.body.msg]).toEqual([404, 404, '帮助文章不存在或已下线']);
    expect((await search('电子发票')).body.data.find((h: { id: string }) => h.id === id)).toBeUndefined();
    // The console still lists it, as unpublished.
    const all = (await s.api.get('/admin/content/list', { kind: 'help' }, { token: operator.token })).body
      .data;
    expect(all.find((a: { id: string }) => a.id === id)).toMatchObject({
      published: false,
      body: expect.stringContaining('PDF'),
    });
  });

  it('unknown codes answer 404; LIKE wildcards are searched literally', async () => {
    const missing = await detail('help', 'no-such-article');
    expect([missing.status, missing.body.code]).toEqual([404, 404]);
    expect((await detail('news', '999')).status).toBe(404);
    expect((await search('%')).body.data).toEqual([]);
    expect((await search('_')).body.data).toEqual([]);
    expect((await search('   ')).body.data).toEqual([]);
  });

  it('news without a code is reached by its id; codes are unique per kind and well-formed', async () => {
    const news = await save({
      kind: 'news',
      title: '模板库上新',
      category: '产品更新',
      body: '新增三套排版模板。',
      published: true,
    });
    const { id, code } = news.body.data;
    expect(code).toBe(id);
    expect((await detail('news', id)).body.data.title).toBe('模板库上新');
    expect((await s.api.get('/content/client/list', { kind: 'news' })).body.data[0].id).toBe(id);

    const dup = await save({
      kind: 'help',
      code: 'getting-started',
      title: '重复',
      body: '重复',
      published: true,
    });
    expect([dup.status, dup.body.msg]).toEqual([409, '编码“getting-started”已被使用']);
    // The same code under another kind is fine.
    expect(
      (
        await save({
          kind: 'question',
          code: 'getting-started',
          title: '怎么开始？',
          body: '看帮助。',
          published: false,
        })
      ).status,
    ).toBe(200);
    const bad = await save({ kind: 'help', code: 'Bad Code', title: 'x', body: 'x', published: true });
    expect([bad.status, bad.body.msg]).toEqual([400, '编码只能包含小写字母、数字和连字符']);
    const big = await save({ kind: 'help', title: 'x', body: 'x'.repeat(50_001), published: true });
    expect(big.status).toBe(400);
    const kindChange = await save({ id, kind: 'help', title: 'x', body: 'x', published: true });
    expect([kindChange.status, kindChange.body.msg]).toEqual([400, '不能修改内容类型']);
  });

  it('delete removes the page; a normal user cannot save', async () => {
    const { id } = (
      await save({
        kind: 'question',
        code: 'to-delete',
        title: '要删除的问题',
        body: '答案',
        published: true,
      })
    ).body.data;
    expect((await detail('question', 'to-delete')).status).toBe(200);
    expect((await s.api.post('/admin/content/delete', { id }, { token: operator.token })).status).toBe(200);
    expect((await detail('question', 'to-delete')).status).toBe(404);
    expect((await s.api.post('/admin/content/delete', { id }, { token: operator.token })).status).toBe(404);
    const forged = await save(
      { kind: 'help', code: 'forged', title: '伪造', body: '伪造', published: true },
      user,
    );
    expect(forged.status).toBe(403);
    expect((await detail('help', 'forged')).status).toBe(404);
  });
});

/** Notices: the console creates, publishes and unpublishes; users see and close them. */
describe(`notices in the console (${TEST_DB})`, () => {
  let alice: TestUser;
  let bob: TestUser;
  let operator: TestUser;
  const s = useTestServer();
  beforeAll(async () => {
    alice = await createUserWithSession(s);
    bob = await createUserWithSession(s);
    operator = await createUserWithSession(s);
    await new SqlOperatorDirectory(s.built.ctx.db).grant(operator.userId);
    // Start from no live notices so what users see is what this test published.
    await s.built.ctx.db.updateTable('notices').set({ status: 0 }).execute();
  });

  const admin = (url: string, body: unknown) => s.api.post(url, body, { token: operator.token });
  const head = (u: TestUser) => s.api.post('/common/client/getHeadNotice', {}, { token: u.token });
  const update = (u: TestUser) => s.api.post('/common/client/getUpdateNotice', {}, { token: u.token });

  it('a published banner reaches users until each closes it; unpublishing hides it from all', async () => {
    expect((await head(alice)).body.data).toBeNull();
    const saved = await admin('/admin/notice/save', {
      kind: 'head',
      title: '系统维护',
      content: '今晚 23:00 维护 30 分钟',
      level: 'warning',
      published: true,
    });
    expect(saved.body.data).toMatchObject({
      kind: 'head',
      title: '系统维护',
      published: true,
      closedCount: 0,
    });
    const id = saved.body.data.id as string;
    expect((await head(alice)).body.data).toMatchObject({ id, title: '系统维护', level: 'warning' });
    expect((await s.api.post('/common/client/getHeadNotice', {})).body.data).toMatchObject({ id });

    await s.api.post('/blade-system/client/closeUserNotice', { noticeId: id }, { token: alice.token });
    expect((await head(alice)).body.data).toBeNull();
    expect((await head(bob)).body.data).toMatchObject({ id });
    const listed = (await s.api.get('/admin/notice/list', undefined, { token: operator.token })).body.data;
    expect(listed.find((n: { id: string }) => n.id === id)).toMatchObject({ closedCount: 1 });

    expect((await admin('/admin/notice/publish', { id, published: false })).status).toBe(200);
    expect((await head(bob)).body.data).toBeNull();
    expect((await admin('/admin/notice/delete', { id })).status).toBe(200);
    expect(
      (await s.api.get('/admin/notice/list', undefined, { token: operator.token })).body.data.find(
        (n: { id: string }) => n.id === id,
      ),
    ).toBeUndefined();
  });

  it('release notes show to each signed-in user once; bad windows are refused', async () => {
    const saved = await admin('/admin/notice/save', {
      kind: 'update',
      title: 'v2.1 更新',
      content: '新增模板库',
      version: '2.1.0',
      published: true,
    });
    const id = saved.body.data.id as string;
    expect((await update(bob)).body.data).toMatchObject({ id, version: '2.1.0', title: 'v2.1 更新' });
    await s.api.post('/blade-system/client/closeUserNotice', { noticeId: id }, { token: bob.token });
    expect((await update(bob)).body.data).toBeNull();
    // An edit keeps the closes.
    await admin('/admin/notice/save', {
      id,
      kind: 'update',
      title: 'v2.1 更新说明',
      content: '新增模板库',
      version: '2.1.0',
      published: true,
    });
    expect((await update(bob)).body.data).toBeNull();
    expect((await update(alice)).body.data).toMatchObject({ title: 'v2.1 更新说明' });

    const window = await admin('/admin/notice/save', {
      kind: 'head',
      title: 't',
      content: 'c',
      published: true,
      startAt: '2026-02-01T00:00:00Z',
      endAt: '2026-01-01T00:00:00Z',
    });
    expect([window.status, window.body.msg]).toEqual([400, '结束时间须晚于开始时间']);
    const link = await admin('/admin/notice/save', {
      kind: 'head',
      title: 't',
      content: 'c',
      published: true,
      link: 'javascript:alert(1)',
    });
    expect(link.status).toBe(400);
  });
});
