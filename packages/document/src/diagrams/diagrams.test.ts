import { describe, expect, it } from 'vitest';
import {
  flowchartSchema,
  ganttSchema,
  mindmapSchema,
  parseDiagram,
  safeParseDiagram,
  taskEnd,
} from './model.ts';
import { renderDiagram, renderDiagramSvg } from './render.ts';
import { sampleFlowchart, sampleGantt, sampleMindmap } from './fixtures/samples.ts';

describe('diagram models', () => {
  it('accepts the samples and normalises shape names, direction and unit', () => {
    const f = flowchartSchema.parse({
      direction: 'lr',
      nodes: [
        { id: 1, label: '  开始 ', shape: 'start' },
        { id: 'x', label: '判断', shape: 'Diamond' },
        { id: 'y', label: '其他', shape: 'whatever' },
      ],
      edges: [{ from: 1, to: 'x' }],
    });
    expect(f.direction).toBe('LR');
    expect(f.nodes.map((n) => n.shape)).toEqual(['terminal', 'decision', 'process']);
    expect(f.nodes[0]).toMatchObject({ id: '1', label: '开始' });
    expect(
      ganttSchema.parse({ unit: '周', tasks: [{ id: 'a', name: 'A', start: 0, duration: 2 }] }).unit,
    ).toBe('week');
    expect(mindmapSchema.parse(sampleMindmap).root.children).toHaveLength(5);
  });

  it('rejects dangling edges, duplicate ids and tasks without a length, in Chinese', () => {
    const bad = flowchartSchema.safeParse({
      nodes: [
        { id: 'a', label: 'A' },
        { id: 'a', label: 'B' },
      ],
      edges: [{ from: 'a', to: 'zz' }],
    });
    expect(bad.success).toBe(false);
    const msgs = bad.error!.issues.map((i) => i.message).join('；');
    expect(msgs).toContain('节点编号重复');
    expect(msgs).toContain('连线的终点不存在');
    const g = ganttSchema.safeParse({ tasks: [{ id: 't', name: '施工', start: 0 }] });
    expect(g.error!.issues[0].message).toContain('缺少工期');
    const dep = ganttSchema.safeParse({
      tasks: [{ id: 't', name: '施工', start: 0, duration: 1, dependsOn: ['nope'] }],
    });
    expect(dep.error!.issues[0].message).toContain('依赖的任务不存在');
    expect(safeParseDiagram({ kind: 'pie', model: {} }).ok).toBe(false);
  });

  it('limits mind map depth', () => {
    let node: { text: string; children?: unknown[] } = { text: '叶' };
    for (let i = 0; i < 8; i++) node = { text: `层${i}`, children: [node] };
    expect(mindmapSchema.safeParse({ root: node }).error!.issues[0].message).toContain('最多');
  });

  it('computes task ends from duration, end or milestone', () => {
    expect(taskEnd({ start: 5, duration: 10 })).toBe(15);
    expect(taskEnd({ start: 5, end: 12 })).toBe(12);
    expect(taskEnd({ start: 7, milestone: true, duration: 3 })).toBe(7);
  });
});

describe('renderer', () => {
  it('renders each kind deterministically (file snapshots)', async () => {
    const cases = [
      ['flowchart', sampleFlowchart],
      ['mindmap', sampleMindmap],
      ['gantt', sampleGantt],
    ] as const;
    for (const [kind, model] of cases) {
      const a = renderDiagramSvg({ kind, model } as never);
      const b = renderDiagramSvg({ kind, model } as never);
      expect(a).toBe(b);
      await expect(a).toMatchFileSnapshot(`./__snapshots__/${kind}.svg`);
    }
  });

  it('renders an LR flowchart, a calendar Gantt in weeks and a dated Gantt with weekends', async () => {
    const lr = renderDiagramSvg({ kind: 'flowchart', model: { ...sampleFlowchart, direction: 'LR' } });
    await expect(lr).toMatchFileSnapshot('./__snapshots__/flowchart-lr.svg');
    const weeks = renderDiagramSvg({
      kind: 'gantt',
      model: ganttSchema.parse({
        unit: 'week',
        tasks: [
          { id: 'a', name: '需求调研', start: 0, duration: 3 },
          { id: 'b', name: '系统开发', start: 3, end: 15, dependsOn: ['a'] },
          { id: 'c', name: '上线', start: 16, milestone: true, dependsOn: ['b'] },
        ],
      }),
    });
    expect(weeks).toContain('第1–4周');
    expect(weeks).toContain('12周');
    await expect(weeks).toMatchFileSnapshot('./__snapshots__/gantt-weeks.svg');
    const dated = renderDiagramSvg({
      kind: 'gantt',
      model: ganttSchema.parse({
        unit: 'day',
        startDate: '2025-03-03',
        tasks: [{ id: 'a', name: '进场', start: 0, duration: 20 }],
      }),
    });
    expect(dated).toContain('2025年3月');
    expect(dated).toContain('周末');
    expect(dated).toContain('2025-03-03');
  });

  it('escapes labels so a model cannot inject markup', () => {
    const svg = renderDiagramSvg({
      kind: 'flowchart',
      model: {
        direction: 'TB',
        nodes: [{ id: 'a', label: '<script>alert(1)</script> & "x"', shape: 'process' }],
        edges: [],
      },
    });
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&lt;script&gt;');
  });

  it('sizes every flowchart node to hold its wrapped label', () => {
    const long = '编制施工组织设计并报监理单位审批后组织实施，同时落实质量、安全、进度三大控制目标';
    const { svg, width, height } = renderDiagram({
      kind: 'flowchart',
      model: {
        direction: 'TB',
        nodes: [
          { id: 'a', label: long, shape: 'process' },
          { id: 'b', label: long, shape: 'decision' },
        ],
        edges: [{ from: 'a', to: 'b' }],
      },
    });
    expect(width).toBeGreaterThan(100);
    expect(height).toBeGreaterThan(100);
    expect((svg.match(/<tspan/g) ?? []).length).toBeGreaterThanOrEqual(6);
  });

  it('places Gantt bars proportionally to time', () => {
    const { svg } = renderDiagram({ kind: 'gantt', model: sampleGantt });
    const bars = [
      ...svg.matchAll(/<rect x="([\d.]+)" y="[\d.]+" width="([\d.]+)" height="14" rx="3" fill="#3b82f6"\/>/g),
    ].map((m) => ({ x: +m[1], w: +m[2] }));
    // The legend swatch is also a bar-shaped rect: six tasks plus one swatch.
    expect(bars).toHaveLength(7);
    const perDay = bars[0].w / 15;
    expect(bars[2].w / perDay).toBeCloseTo(45, 0);
    expect((bars[3].x - bars[0].x) / perDay).toBeCloseTo(60, 0);
  });

  it('lays out a big flowchart (fast ordering) with every node drawn and none overlapping', () => {
    const nodes = Array.from({ length: 160 }, (_, i) => ({
      id: `n${i}`,
      label: `第${i}步工序施工`,
      shape: 'process' as const,
    }));
    const edges: Array<{ from: string; to: string; label?: string }> = nodes
      .slice(1)
      .map((n, i) => ({ from: `n${i}`, to: n.id }));
    for (let i = 10; i < 160; i += 7) edges.push({ from: `n${i}`, to: `n${i - 5}`, label: '否' });
    for (let i = 30; i < 160; i += 13) edges.push({ from: `n${i - 25}`, to: `n${i}` });
    const { svg } = renderDiagram({ kind: 'flowchart', model: { direction: 'TB', nodes, edges } });
    expect((svg.match(/<g data-id=/g) ?? []).length).toBe(160);
    const rects = [
      ...svg.matchAll(
        /<g data-id="[^"]+"><rect x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)"/g,
      ),
    ].map((m) => m.slice(1).map(Number));
    expect(rects).toHaveLength(160);
    for (let i = 0; i < rects.length; i++)
      for (let j = i + 1; j < rects.length; j++) {
        const [ax, ay, aw, ah] = rects[i];
        const [bx, by, bw, bh] = rects[j];
        const overlap = ax < bx + bw && bx < ax + aw && ay < by + bh && by < ay + ah;
        expect(overlap, `nodes ${i} and ${j} overlap`).toBe(false);
      }
  });

  it('rejects an invalid diagram with a Chinese message', () => {
    expect(() => parseDiagram({ kind: 'gantt', model: { tasks: [] } })).toThrow(/至少需要一个任务/);
  });
});
