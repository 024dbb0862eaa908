import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { CatalogNode } from '@bid/shared';
import { TEST_DB, useTestServer } from './helpers/test-server.ts';
import { assertOutlineInvariants, newBid, newWriter, type Client } from './catalog-helpers.ts';

/**
 * Random sequences of outline edits against the real server, each step checked two ways: the tree
 * invariants (no orphan, no cycle, contiguous order, consistent levels, progress) and agreement with
 * a small in-memory model of what the edit should do (including which edits must be refused).
 */
let c: Client;
const s = useTestServer();
beforeAll(async () => {
  c = await newWriter(s, 1000);
});

const P = '/catalog/client';
const MAX_DEPTH = 9;

interface M {
  id: string;
  title: string;
  children: M[];
}

class Model {
  roots: M[] = [];

  static from(tree: CatalogNode[]): Model {
    const m = new Model();
    const conv = (n: CatalogNode): M => ({ id: n.id, title: n.title, children: n.children.map(conv) });
    m.roots = tree.map(conv);
    return m;
  }

  all(): M[] {
    const out: M[] = [];
    const walk = (ns: M[]) => ns.forEach((n) => (out.push(n), walk(n.children)));
    walk(this.roots);
    return out;
  }

  /** The list holding `id` and the parent (null at the top). */
  locate(
    id: string,
    list = this.roots,
    parent: M | null = null,
  ): { list: M[]; parent: M | null; index: number } | null {
    const i = list.findIndex((n) => n.id === id);
    if (i >= 0) return { list, parent, index: i };
    for (const n of list) {
      const f = this.locate(id, n.children, n);
      if (f) return f;
    }
    return null;
  }

  level(id: string): number {
    let l = 1;
    let loc = this.locate(id)!;
    while (loc.parent) {
      l += 1;
      loc = this.locate(loc.parent.id)!;
    }
    return l;
  }

  height(n: M): number {
    return 1 + Math.max(0, ...n.children.map((k) => this.height(k)));
  }

  contains(n: M, id: string): boolean {
    return n.id === id || n.children.some((k) => this.contains(k, id));
  }

  shape(list = this.roots): string {
    return list.map((n) => (n.children.length ? `${n.title}[${this.shape(n.children)}]` : n.title)).join(',');
  }
}

function serverShape(tree: CatalogNode[]): string {
  return tree.map((n) => (n.children.length ? `${n.title}[${serverShape(n.children)}]` : n.title)).join(',');
}

type Op =
  | { kind: 'addChild' | 'addSibling' | 'remove' | 'up' | 'down' | 'promote' | 'demote'; a: number }
  | { kind: 'drag'; a: number; b: number; pos: 'before' | 'after' | 'inside' }
  | { kind: 'addRoot' };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 7,
    arbitrary: fc.record({
      kind: fc.constantFrom(
        'addChild',
        'addSibling',
        'remove',
        'up',
        'down',
        'promote',
        'demote',
      ) as fc.Arbitrary<'addChild'>,
      a: fc.nat(200),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('drag' as const),
      a: fc.nat(200),
      b: fc.nat(200),
      pos: fc.constantFrom('before' as const, 'after' as const, 'inside' as const),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('addRoot' as const) }) },
);

let titleSeq = 0;

/** Applies `op` to the model and answers the code the server must give (200, 400 or 601). */
function expectModel(
  m: Model,
  op: Op,
  newTitle: string,
): { code: number; path: string; body: Record<string, unknown> } | null {
  const all = m.all();
  if (op.kind === 'addRoot') {
    return { code: 200, path: 'addSameLevelBidCatalog', body: { title: newTitle } };
  }
  if (!all.length) return null;
  const x = all[op.a % all.length];
  const loc = m.locate(x.id)!;
  const level = m.level(x.id);
  switch (op.kind) {
    case 'addChild': {
      if (level + 1 > MAX_DEPTH)
        return { code: 400, path: 'addLowerLevelBidCatalog', body: { id: x.id, title: newTitle } };
      return { code: 200, path: 'addLowerLevelBidCatalog', body: { id: x.id, title: newTitle } };
    }
    case 'addSibling':
      return { code: 200, path: 'addSameLevelBidCatalog', body: { id: x.id, title: newTitle } };
    case 'remove':
      loc.list.splice(loc.index, 1);
      return { code: 200, path: 'removeBidCatalog', body: { id: x.id } };
    case 'up':
      if (loc.index === 0) return { code: 601, path: 'moveUpBidCatalog', body: { id: x.id } };
      [loc.list[loc.index - 1], loc.list[loc.index]] = [loc.list[loc.index], loc.list[loc.index - 1]];
      return { code: 200, path: 'moveUpBidCatalog', body: { id: x.id } };
    case 'down':
      if (loc.index === loc.list.length - 1)
        return { code: 601, path: 'moveDownBidCatalog', body: { id: x.id } };
      [loc.list[loc.index + 1], loc.list[loc.index]] = [loc.list[loc.index], loc.list[loc.index + 1]];
      return { code: 200, path: 'moveDownBidCatalog', body: { id: x.id } };
    case 'promote': {
      if (!loc.parent) return { code: 601, path: 'upGradeBidCatalog', body: { id: x.id } };
      const ploc = m.locate(loc.parent.id)!;
      loc.list.splice(loc.index, 1);
      ploc.list.splice(ploc.index + 1, 0, x);
      return { code: 200, path: 'upGradeBidCatalog', body: { id: x.id } };
    }
    case 'demote': {
      if (loc.index === 0) return { code: 601, path: 'deGradeBidCatalog', body: { id: x.id } };
      if (level + 1 + m.height(x) - 1 > MAX_DEPTH)
        return { code: 400, path: 'deGradeBidCatalog', body: { id: x.id } };
      const prev = loc.list[loc.index - 1];
      loc.list.splice(loc.index, 1);
      prev.children.push(x);
      return { code: 200, path: 'deGradeBidCatalog', body: { id: x.id } };
    }
    case 'drag': {
      const t = all[op.b % all.length];
      const body = { id: x.id, targetId: t.id, position: op.pos };
      if (m.contains(x, t.id)) return { code: 400, path: 'dragBidCatalog', body };
      const newLevel = op.pos === 'inside' ? m.level(t.id) + 1 : m.level(t.id);
      if (newLevel + m.height(x) - 1 > MAX_DEPTH) return { code: 400, path: 'dragBidCatalog', body };
      loc.list.splice(loc.index, 1);
      const tloc = m.locate(t.id)!;
      if (op.pos === 'inside') t.children.push(x);
      else tloc.list.splice(tloc.index + (op.pos === 'after' ? 1 : 0), 0, x);
      return { code: 200, path: 'dragBidCatalog', body };
    }
  }
}

describe(`random outline edits keep the invariants (${TEST_DB})`, () => {
  it('add, remove, move up/down, drag, promote, demote in any order', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(opArb, { minLength: 5, maxLength: TEST_DB === 'pg' ? 14 : 20 }),
        async (ops) => {
          const bidId = await newBid(c, '随机编辑');
          const initial = await c.data<CatalogNode[]>(`${P}/bidCatalogSave`, {
            bidId,
            catalogs: [
              {
                title: 'A',
                children: [
                  {
                    title: 'A1',
                    children: [
                      {
                        title: 'A1a',
                        children: [
                          {
                            title: 'A1a1',
                            children: [
                              {
                                title: 'A1a1x',
                                children: [{ title: 'A1a1x1', children: [{ title: 'A1a1x1y' }] }],
                              },
                            ],
                          },
                        ],
                      },
                    ],
                  },
                  { title: 'A2' },
                ],
              },
              { title: 'B' },
              { title: 'C', children: [{ title: 'C1' }] },
            ],
          });
          const model = Model.from(initial);
          for (const op of ops) {
            const title = `n${++titleSeq}`;
            const want = expectModel(model, op, title);
            if (!want) continue;
            const body = op.kind === 'addRoot' ? { ...want.body, bidId } : want.body;
            const r = await c.call(`${P}/${want.path}`, body);
            expect({ op, code: r.code }).toEqual({ op, code: want.code });
            // Adds need the new id: read it back into the model.
            if (
              r.code === 200 &&
              (op.kind === 'addRoot' || op.kind === 'addChild' || op.kind === 'addSibling')
            ) {
              const node: M = { id: r.data.id, title, children: [] };
              if (op.kind === 'addRoot') model.roots.push(node);
              else if (op.kind === 'addChild')
                model
                  .locate(want.body.id as string)!
                  .list.find((n) => n.id === want.body.id)!
                  .children.push(node);
              else {
                const loc = model.locate(want.body.id as string)!;
                loc.list.splice(loc.index + 1, 0, node);
              }
            }
            const tree = await assertOutlineInvariants(s, c, bidId);
            expect(serverShape(tree)).toBe(model.shape());
          }
        },
      ),
      { numRuns: TEST_DB === 'pg' ? 8 : 15 },
    );
  });
});
