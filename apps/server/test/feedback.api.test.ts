import { beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_COOKIE } from '@bid/shared';
import { TEST_DB, useTestServer, clientHeaders } from './helpers/test-server.ts';
import { createUserWithSession, type TestUser } from './helpers/fixtures.ts';
import { SqlOperatorDirectory } from '../src/policy/operator-repo.ts';

const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** Feedback with screenshots, the console's list and reply, the user's unread mark. */
describe(`feedback replies (${TEST_DB})`, () => {
  let alice: TestUser;
  let bob: TestUser;
  let operator: TestUser;
  const s = useTestServer();
  beforeAll(async () => {
    alice = await createUserWithSession(s);
    bob = await createUserWithSession(s);
    operator = await createUserWithSession(s);
    await new SqlOperatorDirectory(s.built.ctx.db).grant(operator.userId);
  });

  async function upload(user: TestUser): Promise<string> {
    const form = new FormData();
    form.append('tags', '意见反馈');
    form.append('file', new Blob([new Uint8Array(GIF)]), 'shot.gif');
    const res = await fetch(`${s.baseUrl}/api/picture/client/upload`, {
      method: 'POST',
      headers: { ...clientHeaders(), 'blade-auth': `bearer ${user.token}` },
      body: form,
    });
    const body = (await res.json()) as { data: { id: string } };
    return body.data.id;
  }
  const post = (url: string, body: unknown, u: TestUser) => s.api.post(url, body, { token: u.token });

  it('stores screenshots of the sender only, at most 3', async () => {
    const mine = await upload(alice);
    const theirs = await upload(bob);
    const foreign = await post(
      '/bid/client/saveFeedback',
      { content: '截图是别人的', images: [theirs] },
      alice,
    );
    expect([foreign.status, foreign.body.msg]).toEqual([400, '截图不存在，请重新上传']);
    const tooMany = await post(
      '/bid/client/saveFeedback',
      { content: '四张', images: [mine, mine, mine, mine] },
      alice,
    );
    expect([tooMany.status, tooMany.body.msg]).toEqual([400, '反馈截图最多 3 张']);
    const badId = await post(
      '/bid/client/saveFeedback',
      { content: '地址', images: ['/api/files/a.png'] },
      alice,
    );
    expect([badId.status, badId.body.msg]).toEqual([400, '截图编号不正确']);
    const saved = await post(
      '/bid/client/saveFeedback',
      { type: '问题', content: '导出的目录页码不对', images: [mine] },
      alice,
    );
    expect(saved.status).toBe(200);
    const list = (await post('/bid/client/getFeedbackList', { current: 1, size: 10 }, alice)).body.data;
    expect(list.records[0]).toMatchObject({
      content: '导出的目录页码不对',
      images: [mine],
      status: 'pending',
      reply: null,
      replyRead: false,
    });
  });

  it('the console lists unreplied first; a reply reaches the user as unread until seen', async () => {
    const first = (await post('/bid/client/saveFeedback', { content: '第一条：希望支持 PDF' }, bob)).body.data
      .id;
    const second = (await post('/bid/client/saveFeedback', { content: '第二条：模板太少' }, bob)).body.data
      .id;
    const reply = await post('/admin/feedback/reply', { id: second, reply: '已加入排期，谢谢' }, operator);
    expect(reply.body.data).toMatchObject({ id: second, status: 'replied', reply: '已加入排期，谢谢' });
    const third = (await post('/bid/client/saveFeedback', { content: '第三条' }, bob)).body.data.id;

    const page = (
      await s.api.get('/admin/feedback/list', { current: 1, size: 100 }, { token: operator.token })
    ).body.data;
    const ids = page.records.map((r: { id: string }) => r.id);
    // Unreplied (newest first) come before the replied one.
    expect(ids.indexOf(third)).toBeLessThan(ids.indexOf(first));
    expect(ids.indexOf(first)).toBeLessThan(ids.indexOf(second));
    expect(page.records.every((r: { userAccount: string }) => !/^1\d{10}$/.test(r.userAccount))).toBe(true);
    const pending = (
      await s.api.get('/admin/feedback/list', { status: 'pending', size: 100 }, { token: operator.token })
    ).body.data;
    expect(pending.records.map((r: { id: string }) => r.id)).not.toContain(second);

    expect((await post('/bid/client/feedbackUnread', {}, bob)).body.data).toEqual({ unread: 1 });
    expect((await post('/bid/client/feedbackUnread', {}, alice)).body.data).toEqual({ unread: 0 });
    const mine = (await post('/bid/client/getFeedbackList', { current: 1, size: 10 }, bob)).body.data.records;
    expect(mine.find((r: { id: string }) => r.id === second)).toMatchObject({
      reply: '已加入排期，谢谢',
      status: 'replied',
      replyRead: false,
    });
    expect((await post('/bid/client/readFeedbackReplies', {}, bob)).body.data).toEqual({ marked: 1 });
    expect((await post('/bid/client/feedbackUnread', {}, bob)).body.data).toEqual({ unread: 0 });

    // A user cannot reply; an unknown id is 404.
    expect((await post('/admin/feedback/reply', { id: first, reply: '自己回复' }, bob)).status).toBe(403);
    expect((await post('/admin/feedback/reply', { id: 'nope', reply: '回复' }, operator)).status).toBe(404);
    expect((await post('/admin/feedback/reply', { id: first, reply: '  ' }, operator)).body.msg).toBe(
      '回复内容不能为空',
    );
  });

  it('operators see a screenshot only through the feedback it is attached to', async () => {
    const pic = await upload(alice);
    const other = await upload(alice);
    const id = (await post('/bid/client/saveFeedback', { content: '看图', images: [pic] }, alice)).body.data
      .id;
    const get = (url: string, u: TestUser) =>
      fetch(`${s.baseUrl}/api${url}`, { headers: { cookie: `${TOKEN_COOKIE}=${u.token}` } });
    const okRes = await get(`/admin/feedback/image/${id}/${pic}`, operator);
    expect([okRes.status, okRes.headers.get('content-type')]).toEqual([200, 'image/gif']);
    expect(Buffer.from(await okRes.arrayBuffer()).equals(GIF)).toBe(true);
    expect((await get(`/admin/feedback/image/${id}/${other}`, operator)).status).toBe(404);
    expect((await get(`/admin/feedback/image/${id}/${pic}`, bob)).status).toBe(403);
  });
});
