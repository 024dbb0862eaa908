import { expect } from 'vitest';
import type { CatalogNode } from '@bid/shared';
import { isWritten } from '../src/modules/catalog/written.ts';
import { clientHeaders, type TestServer } from './helpers/test-server.ts';
import { createUserWithSession, type TestUser } from './helpers/fixtures.ts';

/** Calls of one user: `call` answers the envelope and status, `data` asserts success. */
export function client(s: TestServer, user: TestUser) {
  const call = async (path: string, body: unknown = {}) => {
    const r = await s.api.post(path, body, { token: user.token });
    return {
      status: r.status,
      code: r.body?.code as number,
      msg: r.body?.msg as string,
      data: r.body?.data,
      body: r.body,
    };
  };
  const data = async <T = any>(path: string, body: unknown = {}): Promise<T> => {
    const r = await call(path, body);
    if (r.code !== 200) throw new Error(`${path} answered ${r.status}/${r.code} ${r.msg}`);
    return r.data as T;
  };
  /** A call answered by a file (exportBid): its status, content type and bytes, whatever they are. */
  const download = async (path: string, body: unknown = {}) => {
    const res = await fetch(new URL(`/api${path}`, s.baseUrl), {
      method: 'POST',
      headers: {
        ...clientHeaders(),
        'blade-auth': `bearer ${user.token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
    });
    return {
      status: res.status,
      type: res.headers.get('content-type'),
      bytes: Buffer.from(await res.arrayBuffer()),
    };
  };
  /** Uploads a tender file as the create screen does; answers its fileId. */
  const uploadTender = async (name: string, content: Buffer | string): Promise<string> => {
    const fd = new FormData();
    fd.append(
      'file',
      new Blob([new Uint8Array(typeof content === 'string' ? Buffer.from(content) : content)]),
      name,
    );
    const res = await fetch(new URL('/api/file/client/uploadTender', s.baseUrl), {
      method: 'POST',
      headers: { ...clientHeaders(), 'blade-auth': `bearer ${user.token}` },
      body: fd,
    });
    const body = (await res.json()) as { code: number; msg: string; data: { fileId: string } };
    if (body.code !== 200) throw new Error(`uploadTender answered ${res.status}/${body.code} ${body.msg}`);
    return body.data.fileId;
  };
  return { call, data, download, uploadTender, user };
}
export type Client = ReturnType<typeof client>;

export async function newWriter(s: TestServer, quota = 50) {
  const user = await createUserWithSession(s, { quota: { bid_number: quota } });
  return client(s, user);
}

export async function newBid(c: Client, name = '测试标书'): Promise<string> {
  const { id } = await c.data<{ id: string }>('/bid/client/saveBid', {
    name,
    modelType: 'standard',
    pageCount: 50,
  });
  return id;
}

export function paragraph(text: string) {
  return { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] };
}

export function flatten(tree: CatalogNode[]): CatalogNode[] {
  const out: CatalogNode[] = [];
  const walk = (nodes: CatalogNode[]) => {
    for (const n of nodes) {
      out.push(n);
      walk(n.children);
    }
  };
  walk(tree);
  return out;
}

/** A compact picture of a tree for assertions: `A[A1,A2],B`. */
export function shape(tree: CatalogNode[]): string {
  return tree.map((n) => (n.children.length ? `${n.title}[${shape(n.children)}]` : n.title)).join(',');
}

export function findByTitle(tree: CatalogNode[], title: string): CatalogNode {
  const n = flatten(tree).find((x) => x.title === title);
  if (!n) throw new Error(`no chapter titled ${title} in ${shape(tree)}`);
  return n;
}

/**
 * The outline invariants, checked on the API tree AND on the raw rows: every row reachable from a
 * root (no orphan, no cycle), level = parent level + 1, `sort` contiguous 1..n among siblings, ids
 * unique, the API tree holds exactly the rows, and the bid's stored progress matches its leaves.
 */
export async function assertOutlineInvariants(
  s: TestServer,
  c: Client,
  bidId: string,
): Promise<CatalogNode[]> {
  const tree = await c.data<CatalogNode[]>('/catalog/client/getBidCatalogList', { bidId });
  const seen = new Set<string>();
  const walk = (nodes: CatalogNode[], parent: CatalogNode | null) => {
    nodes.forEach((n, i) => {
      expect(seen.has(n.id), `duplicate id ${n.id}`).toBe(false);
      seen.add(n.id);
      expect(n.parentId).toBe(parent ? parent.id : null);
      expect(n.level).toBe(parent ? parent.level + 1 : 1);
      expect(n.level).toBeLessThanOrEqual(9);
      expect(n.sort).toBe(i + 1);
      expect(n.bidId).toBe(bidId);
      walk(n.children, n);
    });
  };
  walk(tree, null);

  const rows = await s.built.ctx.db
    .selectFrom('catalogs')
    .select(['id', 'parent_id', 'level', 'has_content', 'own_words', 'target_words', 'settings'])
    .where('bid_id', '=', bidId)
    .execute();
  expect(rows.length).toBe(seen.size);
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const r of rows) {
    expect(seen.has(r.id)).toBe(true);
    if (r.parent_id !== null) {
      const p = byId.get(r.parent_id);
      expect(p, `orphan ${r.id}`).toBeDefined();
      expect(r.level).toBe(p!.level + 1);
    } else {
      expect(r.level).toBe(1);
    }
    // Walking up ends at a root within as many steps as there are rows: no cycle.
    let cur: string | null = r.id;
    let steps = 0;
    while (cur !== null && steps <= rows.length) {
      cur = byId.get(cur)!.parent_id;
      steps += 1;
    }
    expect(cur, `cycle through ${r.id}`).toBeNull();
  }

  const hasChild = new Set(rows.filter((r) => r.parent_id !== null).map((r) => r.parent_id));
  const leaves = rows.filter((r) => !hasChild.has(r.id));
  const share = (
    await s.built.ctx.db
      .selectFrom('bids')
      .select('written_share')
      .where('id', '=', bidId)
      .executeTakeFirstOrThrow()
  ).written_share;
  const done = leaves.filter((r) =>
    isWritten(
      {
        own_words: r.own_words ?? 0,
        target_words: r.target_words,
        noText: (r.settings ?? '').includes('"noText":true'),
      },
      share ?? 60,
    ),
  ).length;
  const expected = leaves.length ? Math.floor((done * 100) / leaves.length) : 0;
  const bid = await s.built.ctx.db
    .selectFrom('bids')
    .select('progress')
    .where('id', '=', bidId)
    .executeTakeFirstOrThrow();
  expect(bid.progress).toBe(expected);
  return tree;
}
