import { describe, expect, it } from 'vitest';
import { REMOVED_ITEM_MARK, type CatalogNode, type ScoringItem } from '@bid/shared';
import { buildOutline } from '../../ai/plan/outline.ts';
import { emptyAnalysis, storedItems } from './context.ts';
import { reviseOutline } from './revise.ts';

const item = (id: string, name: string, points: number, category: ScoringItem['category']): ScoringItem => ({
  id,
  name,
  points,
  category,
  group: null,
  criteria: `${name}完整合理的得${points}分`,
  lot: null,
  source: null,
});

const analysisOf = (items: ScoringItem[]) => ({ ...emptyAnalysis(), scoringItems: items });

let seq = 0;
/** A chapter as getBidCatalogList answers it; `items` are stored as the planner stores them. */
function chapter(
  title: string,
  opts: { items?: ScoringItem[]; text?: boolean; children?: CatalogNode[] } = {},
) {
  seq += 1;
  const node: CatalogNode = {
    id: `c${seq}`,
    bidId: 'b',
    parentId: null,
    title,
    level: 1,
    sort: seq,
    status: opts.text ? 'done' : 'empty',
    progress: opts.text ? 100 : 0,
    ownWords: opts.text ? 1 : 0,
    wordsNeeded: 1,
    written: !!opts.text,
    wordCount: opts.text ? 500 : 0,
    targetWords: 800,
    hasContent: Boolean(opts.text),
    version: 0,
    engine: null,
    settings: {},
    scoringItems: opts.items?.length
      ? storedItems(
          opts.items.map((i) => i.id),
          analysisOf(opts.items),
        )
      : null,
    updateTime: '2026-01-01T00:00:00.000Z',
    children: opts.children ?? [],
  };
  return node;
}

const PRICE = item('S1', '投标报价', 30, 'price');
const CLEAN = item('S2', '保洁服务方案', 12, 'technical');
const GREEN = item('S3', '绿化养护方案', 10, 'technical');
const CASES = item('S4', '类似项目业绩', 12, 'commercial');

function outline(written: { clean?: boolean; green?: boolean } = {}) {
  const clean = chapter('保洁服务方案', { items: [CLEAN], text: written.clean });
  const green = chapter('绿化养护方案', { items: [GREEN], text: written.green });
  const technical = chapter('技术部分', { children: [clean, green] });
  const commercial = chapter('商务部分', { children: [chapter('类似项目业绩', { items: [CASES] })] });
  const price = chapter('报价文件', { items: [PRICE] });
  return {
    tree: [chapter('投标函'), technical, commercial, price],
    clean,
    green,
    technical,
    commercial,
    price,
  };
}

describe('re-planning the outline after the writer changed the scoring items', () => {
  it('changes nothing when the items are the ones the outline answers', () => {
    const { tree } = outline();
    const a = analysisOf([PRICE, CLEAN, GREEN, CASES]);
    const r = reviseOutline(tree, a, buildOutline(a, 40));
    expect(r.update).toEqual([]);
    expect(r.remove).toEqual([]);
    expect(r.add).toEqual([]);
  });

  it('adds a chapter for a new item where the chapters of its kind are', () => {
    const { tree, technical } = outline();
    const safety = item('S5', '安保服务方案', 10, 'technical');
    const a = analysisOf([PRICE, CLEAN, GREEN, safety, CASES]);
    const r = reviseOutline(tree, a, buildOutline(a, 40));
    expect(r.summary).toEqual({ added: 1, updated: 0, marked: 0, removed: 0 });
    expect(r.add).toHaveLength(1);
    expect(r.add[0].parentId).toBe(technical.id);
    expect(r.add[0].nodes[0].title).toBe('安保服务方案');
    expect(r.add[0].nodes[0].scoringItems).toEqual(storedItems(['S5'], a));
  });

  it('deletes the empty chapter of a removed item and marks the written one', () => {
    const { tree, clean, green } = outline({ clean: true });
    const a = analysisOf([PRICE, CASES]);
    const r = reviseOutline(tree, a, buildOutline(a, 40));
    expect(r.remove).toEqual([green.id]);
    expect(r.update).toEqual([
      { id: clean.id, title: `${REMOVED_ITEM_MARK}保洁服务方案`, scoringItems: null },
    ]);
    expect(r.summary).toMatchObject({ marked: 1, removed: 1 });
  });

  it('refreshes corrected points and renames an unwritten chapter that carried the old name', () => {
    const { tree, clean, green } = outline({ green: true });
    const fixedClean = { ...CLEAN, name: '保洁服务', points: 14 };
    const fixedGreen = { ...GREEN, name: '绿化养护', points: 8 };
    const a = analysisOf([PRICE, fixedClean, fixedGreen, CASES]);
    const r = reviseOutline(tree, a, buildOutline(a, 40));
    const byId = new Map(r.update.map((u) => [u.id, u]));
    expect(byId.get(clean.id)).toEqual({
      id: clean.id,
      title: '保洁服务',
      scoringItems: storedItems(['S2'], a),
    });
    // Written: the title the writer wrote under stays.
    expect(byId.get(green.id)).toEqual({ id: green.id, scoringItems: storedItems(['S3'], a) });
    expect(r.add).toEqual([]);
  });

  it('a new price item joins the price file; a new kind of item follows the planned parts', () => {
    const { tree, price } = outline();
    const tree2 = tree.filter((n) => n.title !== '商务部分');
    const a = analysisOf([PRICE, item('S9', '价格调整', 2, 'price'), CLEAN, GREEN, CASES]);
    const r = reviseOutline(tree2, a, buildOutline(a, 40));
    expect(r.update).toEqual([{ id: price.id, scoringItems: storedItems(['S1', 'S9'], a) }]);
    // No chapter answers a commercial item any more: the planned 商务部分 comes back with it.
    expect(r.add).toHaveLength(1);
    expect(r.add[0].parentId).toBeNull();
    expect(r.add[0].nodes[0].title).toBe('商务部分');
    expect(r.add[0].nodes[0].children?.map((c) => c.title)).toEqual(['类似项目业绩']);
  });
});
