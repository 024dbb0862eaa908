import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB, useTestServer, clientHeaders } from './helpers/test-server.ts';
import { createUserWithSession, type TestUser } from './helpers/fixtures.ts';
import { SqlOperatorDirectory } from '../src/policy/operator-repo.ts';

let operator: TestUser;
const s = useTestServer();
beforeAll(async () => {
  operator = await createUserWithSession(s);
  await new SqlOperatorDirectory(s.built.ctx.db).grant(operator.userId);
});

const I = '/invoice/client';
const NORMAL = { type: 'normal', title: '张三', email: 'zhangsan@example.com' };
const SPECIAL = {
  type: 'special',
  title: '某某科技有限公司',
  taxNumber: '91110108MA01ABCD2X',
  email: 'finance@example.com',
  address: '北京市海淀区某路 1 号',
  phone: '010-12345678',
  bankName: '招商银行北京分行',
  bankAccount: '110900000000001',
};

/** A PDF as an invoice system writes it: the header, then binary content. */
function fakePdf(): Buffer {
  return Buffer.concat([
    Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1'),
    randomBytes(4096),
    Buffer.from('\n%%EOF\n'),
  ]);
}

async function paidOrder(u: TestUser, packageId = 'pkg-count-1'): Promise<string> {
  const r = await s.api.post(
    '/order/client/create',
    { packageId, payMethod: 'transfer' },
    { token: u.token },
  );
  expect(r.body.code).toBe(200);
  const id = r.body.data.orderId as string;
  expect(
    (await s.api.post('/admin/order/confirm', { id }, { token: operator.token })).body.data.credited,
  ).toBe(true);
  return id;
}

const apply = (u: TestUser, body: Record<string, unknown>) =>
  s.api.post(`${I}/saveInvoice`, body, { token: u.token });

async function issue(
  invoiceId: string | null,
  file: { name: string; content: Buffer } | null,
  token = operator.token,
) {
  const fd = new FormData();
  if (invoiceId !== null) fd.append('id', invoiceId);
  if (file)
    fd.append('file', new Blob([new Uint8Array(file.content)], { type: 'application/pdf' }), file.name);
  const res = await fetch(`${s.baseUrl}/api/admin/invoice/issue`, {
    method: 'POST',
    headers: { ...clientHeaders(), 'blade-auth': `bearer ${token}` },
    body: fd,
  });
  return { status: res.status, body: (await res.json()) as any };
}

async function download(u: TestUser, id: string) {
  const res = await fetch(`${s.baseUrl}/api${I}/download?id=${id}`, {
    headers: { ...clientHeaders(), 'blade-auth': `bearer ${u.token}` },
  });
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    disposition: res.headers.get('content-disposition'),
    bytes: Buffer.from(await res.arrayBuffer()),
  };
}

describe(`invoices: apply, issue, download (${TEST_DB})`, () => {
  it('a user applies for own paid orders; the operator uploads the PDF; the user downloads the exact bytes', async () => {
    const u = await createUserWithSession(s);
    const a = await paidOrder(u, 'pkg-count-10');
    const b = await paidOrder(u);
    // An unpaid order is not offered.
    await s.api.post(
      '/order/client/create',
      { packageId: 'pkg-count-1', payMethod: 'transfer' },
      { token: u.token },
    );
    const offered = (await s.api.post(`${I}/getOrderList`, {}, { token: u.token })).body.data as Array<{
      id: string;
      amount: string;
    }>;
    expect(offered.map((o) => o.id).sort()).toEqual([a, b].sort());

    const saved = await apply(u, { ...SPECIAL, orderIds: [a, b] });
    expect(saved.body).toMatchObject({ code: 200, data: { status: 'pending', amount: '1889.00' } });
    const id = saved.body.data.id as string;
    expect((await s.api.post(`${I}/getOrderList`, {}, { token: u.token })).body.data).toEqual([]);

    const list = (await s.api.post(`${I}/getInvoiceList`, { current: 1, size: 10 }, { token: u.token })).body
      .data;
    expect(list.total).toBe(1);
    expect(list.records[0]).toMatchObject({
      id,
      type: 'special',
      title: '某某科技有限公司',
      status: 'pending',
      amount: '1889.00',
      orderCount: 2,
      rejectReason: null,
    });
    let detail = (await s.api.post(`${I}/getInvoiceDetail`, { id }, { token: u.token })).body.data;
    expect(detail).toMatchObject({
      downloadable: false,
      bankName: '招商银行北京分行',
      taxNumber: '91110108MA01ABCD2X',
      email: 'finance@example.com',
    });
    expect(detail.orders.map((o: { id: string }) => o.id).sort()).toEqual([a, b].sort());
    expect((await download(u, id)).status).toBe(404);

    const pending = (
      await s.api.get('/admin/invoice/list', { status: 'pending', size: 100 }, { token: operator.token })
    ).body.data;
    expect(pending.records.find((r: { id: string }) => r.id === id)).toMatchObject({
      applicantAccount: expect.any(String),
      holder: 'user',
      orderCount: 2,
    });

    const pdf = fakePdf();
    const issued = await issue(id, { name: '电子发票.pdf', content: pdf });
    expect(issued.status).toBe(200);
    expect(issued.body.data).toMatchObject({
      id,
      status: 'issued',
      downloadable: true,
      fileName: '电子发票.pdf',
      issueTime: expect.any(String),
    });
    // The console's audit log names the invoice and the file, not the bytes.
    const audit = await s.built.ctx.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('action', '=', '/api/admin/invoice/issue')
      .where('target_id', '=', id)
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0].summary)).toEqual({ id, fileName: '电子发票.pdf', size: pdf.length });
    detail = (await s.api.post(`${I}/getInvoiceDetail`, { id }, { token: u.token })).body.data;
    expect(detail).toMatchObject({ status: 'issued', downloadable: true });

    const got = await download(u, id);
    expect(got.status).toBe(200);
    expect(got.type).toBe('application/pdf');
    expect(got.disposition).toContain('attachment');
    expect(got.bytes.equals(pdf)).toBe(true);

    // Issued once: a second upload is refused and changes nothing.
    const again = await issue(id, { name: 'other.pdf', content: fakePdf() });
    expect([again.status, again.body.msg]).toEqual([409, '该发票已处理，不能重复操作']);
    expect((await download(u, id)).bytes.equals(pdf)).toBe(true);
  });

  it('foreign, unpaid and missing orders are refused with 404; foreign invoices are 404 too', async () => {
    const u = await createUserWithSession(s);
    const other = await createUserWithSession(s);
    const mine = await paidOrder(u);
    const theirs = await paidOrder(other);
    const unpaid = (
      await s.api.post(
        '/order/client/create',
        { packageId: 'pkg-count-1', payMethod: 'transfer' },
        { token: u.token },
      )
    ).body.data.orderId;
    for (const orderIds of [[theirs], [mine, theirs], [unpaid], ['999999']]) {
      const r = await apply(u, { ...NORMAL, orderIds });
      expect([r.status, r.body.msg]).toEqual([404, '所选订单不存在、未付款或不属于您']);
    }
    expect((await s.api.post(`${I}/getInvoiceList`, {}, { token: u.token })).body.data.total).toBe(0);

    const id = (await apply(other, { ...NORMAL, orderIds: [theirs] })).body.data.id;
    expect((await issue(id, { name: 'a.pdf', content: fakePdf() })).status).toBe(200);
    const peek = await s.api.post(`${I}/getInvoiceDetail`, { id }, { token: u.token });
    expect([peek.status, peek.body.msg]).toEqual([404, '发票不存在']);
    expect((await download(u, id)).status).toBe(404);
    expect((await download(other, id)).status).toBe(200);
  });

  it('an order is on one live invoice: a second application is refused, ten at once give one winner; a rejection frees it', async () => {
    const u = await createUserWithSession(s);
    const o = await paidOrder(u);
    const first = await apply(u, { ...NORMAL, orderIds: [o] });
    expect(first.body.code).toBe(200);
    const second = await apply(u, { ...NORMAL, orderIds: [o] });
    expect([second.status, second.body.msg]).toEqual([409, '所选订单已在其他发票申请中，请刷新后重新选择']);

    const o2 = await paidOrder(u);
    const burst = await Promise.all(
      Array.from({ length: 10 }, () => apply(u, { ...NORMAL, orderIds: [o2] })),
    );
    expect(burst.filter((r) => r.status === 200)).toHaveLength(1);
    expect(burst.filter((r) => r.status === 409)).toHaveLength(9);
    const rows = await s.built.ctx.db
      .selectFrom('invoice_orders')
      .selectAll()
      .where('order_id', '=', o2)
      .execute();
    expect(rows).toHaveLength(1);

    const rejected = await s.api.post(
      '/admin/invoice/reject',
      { id: first.body.data.id, reason: '抬头与付款方不一致' },
      { token: operator.token },
    );
    expect(rejected.body.data).toMatchObject({ status: 'rejected', rejectReason: '抬头与付款方不一致' });
    const listed = (await s.api.post(`${I}/getInvoiceList`, { status: 'rejected' }, { token: u.token })).body
      .data.records;
    expect(listed).toEqual([
      expect.objectContaining({
        id: first.body.data.id,
        status: 'rejected',
        rejectReason: '抬头与付款方不一致',
      }),
    ]);
    expect(
      (
        await s.api.post(
          '/admin/invoice/reject',
          { id: first.body.data.id, reason: '再驳回' },
          { token: operator.token },
        )
      ).status,
    ).toBe(409);
    expect((await issue(first.body.data.id, { name: 'a.pdf', content: fakePdf() })).status).toBe(409);
    // The order can be applied for again.
    expect(
      (await s.api.post(`${I}/getOrderList`, {}, { token: u.token })).body.data.map(
        (x: { id: string }) => x.id,
      ),
    ).toEqual([o]);
    expect((await apply(u, { ...NORMAL, orderIds: [o] })).body.code).toBe(200);
  });

  it('bad applications are refused in Chinese naming the field', async () => {
    const u = await createUserWithSession(s);
    const o = await paidOrder(u);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...SPECIAL, orderIds: [o], bankName: '' }, '专用发票请填写开户银行'],
      [{ ...SPECIAL, orderIds: [o], bankAccount: undefined }, '专用发票请填写银行账号'],
      [{ ...SPECIAL, orderIds: [o], address: ' ' }, '专用发票请填写注册地址'],
      [{ ...SPECIAL, orderIds: [o], taxNumber: undefined }, '专用发票请填写纳税人识别号'],
      [{ ...NORMAL, orderIds: [o], taxNumber: '12-34' }, '纳税人识别号应为 15、18 或 20 位字母或数字'],
      [{ ...NORMAL, orderIds: [o], title: '' }, '请填写发票抬头'],
      [{ ...NORMAL, orderIds: [o], email: 'not-an-email' }, '邮箱格式不正确'],
      [{ ...NORMAL, orderIds: [] }, '请选择要开票的订单'],
      [{ ...NORMAL, orderIds: [o], type: 'vat' }, '发票类型只能是普通发票或专用发票'],
    ];
    for (const [body, msg] of cases) {
      const r = await apply(u, body);
      expect([r.status, r.body.msg]).toEqual([400, msg]);
    }
    // A personal normal invoice needs no tax number.
    expect((await apply(u, { ...NORMAL, orderIds: [o] })).body.data.status).toBe('pending');
    // An order paid nothing (a full discount) has nothing to invoice.
    const free = await paidOrder(u);
    await s.built.ctx.db.updateTable('orders').set({ amount: 0 }).where('id', '=', free).execute();
    const r = await apply(u, { ...NORMAL, orderIds: [free] });
    expect([r.status, r.body.msg]).toEqual([400, '所选订单实付金额为 0，无需开票']);
  });

  it('the operator can only upload a real PDF within the size limit', async () => {
    const u = await createUserWithSession(s);
    const id = (await apply(u, { ...NORMAL, orderIds: [await paidOrder(u)] })).body.data.id;
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      randomBytes(2000),
    ]);
    const cases: Array<[Awaited<ReturnType<typeof issue>>, number, string]> = [
      [await issue(id, { name: 'fake.pdf', content: png }), 400, '上传的文件不是 PDF，请上传发票的 PDF 文件'],
      [
        await issue(id, { name: 'a.pdf', content: Buffer.from('hello, not a pdf') }),
        400,
        '上传的文件不是 PDF，请上传发票的 PDF 文件',
      ],
      [await issue(id, null), 400, '请上传发票 PDF 文件'],
      [
        await issue(id, {
          name: 'big.pdf',
          content: Buffer.concat([fakePdf(), Buffer.alloc(10 * 1024 * 1024)]),
        }),
        413,
        '发票 PDF 不能超过 10 MB',
      ],
      [await issue(null, { name: 'a.pdf', content: fakePdf() }), 400, '请指定要开具的发票'],
      [await issue('404404', { name: 'a.pdf', content: fakePdf() }), 404, '发票不存在'],
    ];
    for (const [r, status, msg] of cases) expect([r.status, r.body.msg]).toEqual([status, msg]);
    const row = await s.built.ctx.db
      .selectFrom('invoices')
      .select(['status', 'file_path'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'pending', file_path: null });
  });

  it('a normal user is refused on the console calls; nothing changes', async () => {
    const u = await createUserWithSession(s);
    const id = (await apply(u, { ...NORMAL, orderIds: [await paidOrder(u)] })).body.data.id;
    expect((await s.api.get('/admin/invoice/list', undefined, { token: u.token })).status).toBe(403);
    expect((await s.api.post('/admin/invoice/reject', { id, reason: 'x' }, { token: u.token })).status).toBe(
      403,
    );
    expect((await issue(id, { name: 'a.pdf', content: fakePdf() }, u.token)).status).toBe(403);
    const row = await s.built.ctx.db
      .selectFrom('invoices')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
  });

  it("policy: a company's administrator sees every company invoice; a plain employee only their own; foreign ids 404", async () => {
    const admin = await createUserWithSession(s, { role: 'company_admin', isEmployee: 1 });
    const staff = () =>
      createUserWithSession(s, { role: 'employee', isEmployee: 1, tenantId: admin.tenantId });
    const [alice, bob] = [await staff(), await staff()];
    const outsider = await createUserWithSession(s);
    const ids = (r: { body: { data: Array<{ id: string }> | { records: Array<{ id: string }> } } }) =>
      (Array.isArray(r.body.data) ? r.body.data : r.body.data.records).map((x) => x.id).sort();
    const orders = (u: TestUser) => s.api.post(`${I}/getOrderList`, {}, { token: u.token });
    const invoices = (u: TestUser) => s.api.post(`${I}/getInvoiceList`, {}, { token: u.token });
    const detail = (u: TestUser, id: string) =>
      s.api.post(`${I}/getInvoiceDetail`, { id }, { token: u.token });

    const byAdmin = await paidOrder(admin);
    const byAlice = await paidOrder(alice);
    const byBob = await paidOrder(bob);
    // Paid orders to invoice: the administrator sees the company's, an employee their own.
    expect(ids(await orders(admin))).toEqual([byAdmin, byAlice, byBob].sort());
    expect(ids(await orders(alice))).toEqual([byAlice]);
    expect(ids(await orders(outsider))).toEqual([]);
    // An employee cannot invoice a colleague's order (404, as for a foreign one).
    expect((await apply(alice, { ...SPECIAL, orderIds: [byBob] })).status).toBe(404);

    const aliceInvoice = (await apply(alice, { ...SPECIAL, orderIds: [byAlice] })).body.data.id as string;
    // The administrator applies for their own order and Bob's together: Bob sees it (his order is on it).
    const adminInvoice = (await apply(admin, { ...SPECIAL, orderIds: [byAdmin, byBob] })).body.data
      .id as string;
    expect(ids(await invoices(admin))).toEqual([aliceInvoice, adminInvoice].sort());
    expect(ids(await invoices(alice))).toEqual([aliceInvoice]);
    expect(ids(await invoices(bob))).toEqual([adminInvoice]);
    expect(ids(await invoices(outsider))).toEqual([]);

    const pdf = fakePdf();
    await issue(aliceInvoice, { name: 'a.pdf', content: pdf });
    await issue(adminInvoice, { name: 'b.pdf', content: fakePdf() });
    expect((await download(alice, aliceInvoice)).bytes.equals(pdf)).toBe(true);
    expect((await download(admin, aliceInvoice)).bytes.equals(pdf)).toBe(true);
    expect((await detail(admin, aliceInvoice)).body.data.taxNumber).toBe(SPECIAL.taxNumber);
    expect((await download(bob, adminInvoice)).status).toBe(200);
    // Everyone else: 404 on the list's neighbours, the detail and the file, like an id that does not exist.
    for (const [u, id] of [
      [bob, aliceInvoice],
      [alice, adminInvoice],
      [outsider, aliceInvoice],
      [outsider, adminInvoice],
    ] as const) {
      expect((await download(u, id)).status).toBe(404);
      const d = await detail(u, id);
      expect([d.status, d.body.msg]).toEqual([404, (await detail(u, 'no-such-invoice')).body.msg]);
    }
  });
});
