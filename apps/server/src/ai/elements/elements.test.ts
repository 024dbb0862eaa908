import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { markdownToDoc } from '@bid/document';
import {
  taskEnd,
  type FlowchartModel,
  type GanttModel,
  type MindmapModel,
} from '@bid/document/diagrams/model';
import { renderDiagramSvg } from '@bid/document/diagrams/render';
import { AiError } from '../errors.ts';
import type { ChatRequest, ChatResult } from '../providers/types.ts';
import { buildContext, periodDays, shortLabel } from './context.ts';
import { generateElement, searchKeywords } from './generate.ts';
import { imageKeywords } from './keywords.ts';
import { offlineFlowchart, offlineGantt, offlineMindmap } from './offline.ts';
import { offlineTable } from './offline-table.ts';
import { firstValid, jsonCandidates } from './parse.ts';
import { normalizeFlowchart, normalizeGantt, normalizeTable } from './normalize.ts';
import type { TableModel } from './table.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const tender = (name: string) => fs.readFileSync(path.join(HERE, '../fixtures', name), 'utf8');

const CHAPTER_MD = `## 质量管理体系
我方建立以项目经理为第一责任人的质量管理体系。
- 项目经理：对工程质量全面负责
- 技术负责人：组织技术交底和质量策划
- 质检员：负责工序检查与验收

## 质量控制流程
1. 编制专项施工方案并报监理审批
2. 对作业班组进行技术交底
3. 材料进场验收并见证取样
4. 按工序组织施工
5. 班组自检、互检、交接检
6. 报监理工程师验收
7. 整理质量资料归档

## 质量保证措施
- 样板引路制度
- 三检制度
- 成品保护措施
`;

function ctxOf(md: string, extra: Partial<Parameters<typeof buildContext>[0]> = {}) {
  return buildContext({
    bidName: '青溪县第一中学新建教学楼及附属工程',
    path: ['施工组织设计', '质量保证措施'],
    childTitles: [],
    doc: markdownToDoc(md),
    tenderText: tender('tender-construction.txt'),
    periodText: null,
    ...extra,
  });
}

describe('JSON extraction and repair', () => {
  const good = { nodes: [{ id: 'a', label: '开始' }], edges: [] };
  it('reads exact JSON, a ```json fence and JSON wrapped in prose', () => {
    expect(jsonCandidates(JSON.stringify(good))[0]).toMatchObject({ how: 'exact', value: good });
    expect(
      jsonCandidates(
        `好的，以下是流程图：\n\`\`\`json\n${JSON.stringify(good, null, 2)}\n\`\`\`\n希望对您有帮助。`,
      )[0],
    ).toMatchObject({ how: 'fenced', value: good });
    expect(jsonCandidates(`根据章节内容，流程如下 ${JSON.stringify(good)} 以上。`)[0]).toMatchObject({
      how: 'embedded',
      value: good,
    });
  });

  it('closes an answer cut short at its last complete element', () => {
    const full = JSON.stringify({
      caption: '流程',
      nodes: [
        { id: 'n1', label: '开始' },
        { id: 'n2', label: '施工准备' },
        { id: 'n3', label: '技术交底' },
      ],
    });
    const cut = full.slice(0, full.indexOf('技术交') + 2);
    const [c] = jsonCandidates(`\`\`\`json\n${cut}`);
    expect(c.how).toBe('repaired');
    expect(c.value).toEqual({
      caption: '流程',
      nodes: [
        { id: 'n1', label: '开始' },
        { id: 'n2', label: '施工准备' },
      ],
    });
  });

  it('tolerates trailing commas and reports when there is no JSON', () => {
    expect(jsonCandidates('{"a": [1, 2,], }')[0].value).toEqual({ a: [1, 2] });
    const r = firstValid('抱歉，我无法完成。', () => ({ ok: true, value: 1 }));
    expect(r).toEqual({ ok: false, error: '回答中没有 JSON 对象' });
  });
});

describe('normalising model answers', () => {
  it('accepts source/target edges, drops edges to missing nodes and chains bare steps', () => {
    const r = normalizeFlowchart(
      {
        flowchart: {
          nodes: [
            { id: 1, text: '开始', shape: 'start' },
            { id: 2, name: '施工' },
          ],
          edges: [
            { source: 1, target: 2 },
            { from: 2, to: 99 },
          ],
        },
      },
      '流程图',
    );
    expect(r.ok && r.value.model.edges).toEqual([{ from: '1', to: '2', label: undefined }]);
    const bare = normalizeFlowchart({ nodes: [{ label: 'A' }, { label: 'B' }, { label: 'C' }] }, '流程图');
    expect(bare.ok && bare.value.model.edges.length).toBe(2);
  });

  it('scales a Gantt plan that overruns the tender period back into it', () => {
    const r = normalizeGantt(
      {
        tasks: [
          { id: 'a', name: '准备', start: 0, duration: 100 },
          { id: 'b', name: '施工', start: 100, duration: 260, dependsOn: 'a' },
        ],
      },
      '甘特图',
      180,
    );
    expect(r.ok).toBe(true);
    const m = (r as { value: { model: GanttModel } }).value.model;
    expect(Math.max(...m.tasks.map(taskEnd))).toBeLessThanOrEqual(180);
    expect(m.tasks[1].dependsOn).toEqual(['a']);
  });

  it('pads ragged table rows and maps object rows by column', () => {
    const r = normalizeTable(
      {
        headers: ['序号', '项目', '内容'],
        rows: [['1', '质量'], { 序号: 2, 项目: '安全', 内容: '三级教育' }],
      },
      '表',
    );
    expect(r.ok && r.value.rows).toEqual([
      ['1', '质量', ''],
      ['2', '安全', '三级教育'],
    ]);
  });
});

describe('offline engine', () => {
  it('finds the period in tenders', () => {
    expect(periodDays(null, tender('tender-construction.txt'))).toBe(365);
    expect(periodDays(null, tender('tender-it-gov.txt'))).toBe(180);
    expect(periodDays('工期：180 日历天', '')).toBe(180);
    expect(periodDays(null, '服务期限：三年')).toBe(1095);
    expect(periodDays(null, '合同签订后 6 个月内完成')).toBe(180);
    expect(periodDays(null, '没有期限')).toBeNull();
    // The build period wins over a longer maintenance period in the same sentence.
    expect(periodDays('合同签订后 180 日历天内完成建设并通过初验，运维服务期 3 年', '')).toBe(180);
    // The analysis's bare value.
    expect(periodDays('三年（合同一年一签，考核合格后续签）', '')).toBe(1095);
  });

  it('maps a chapter from its headings and list items', () => {
    const m: MindmapModel = offlineMindmap(ctxOf(CHAPTER_MD));
    expect(m.root.text).toBe('质量保证措施');
    expect(m.root.children!.map((c) => c.text)).toEqual(['质量管理体系', '质量控制流程', '质量保证措施']);
    expect(m.root.children![0].children!.map((c) => c.text)).toEqual(['项目经理', '技术负责人', '质检员']);
    expect(m.root.children![1].children!.length).toBeGreaterThanOrEqual(5);
  });

  it('adds outline children as branches and never answers an empty map', () => {
    const m = offlineMindmap(ctxOf('', { childTitles: ['安全管理体系', '安全技术措施', '文明施工'] }));
    expect(m.root.children!.map((c) => c.text)).toEqual(['安全管理体系', '安全技术措施', '文明施工']);
    const empty = offlineMindmap(ctxOf('', { path: ['技术标'] }));
    expect(empty.root.children!.length).toBeGreaterThanOrEqual(3);
  });

  it('draws a flowchart from numbered steps with a check loop', () => {
    const f: FlowchartModel = offlineFlowchart(ctxOf(CHAPTER_MD));
    const labels = f.nodes.map((n) => n.label);
    expect(labels[0]).toBe('开始');
    expect(labels.at(-1)).toBe('结束');
    expect(labels).toContain('编制专项施工方案并报监理审批');
    expect(f.nodes.filter((n) => n.shape === 'decision').length).toBeGreaterThanOrEqual(1);
    expect(f.edges.some((e) => e.label?.startsWith('否'))).toBe(true);
    // Every node is reachable from the start.
    const reach = new Set(['start']);
    for (let k = 0; k < f.nodes.length; k++) for (const e of f.edges) if (reach.has(e.from)) reach.add(e.to);
    expect(reach.size).toBe(f.nodes.length);
    expect(() => renderDiagramSvg({ kind: 'flowchart', model: f })).not.toThrow();
  });

  it('plans a 180-day construction tender in at least five phases spanning exactly 180 days', () => {
    const g = offlineGantt(
      ctxOf('## 进度计划\n本工程按节点工期组织施工。', {
        tenderText:
          '某办公楼施工总承包工程 招标文件\n计划工期：180 日历天\n质量要求：合格\n施工 主体结构 混凝土 钢筋 装饰装修 竣工 监理',
      }),
    );
    expect(g.periodDays).toBe(180);
    const tasks = g.model.tasks.filter((t) => !t.milestone);
    expect(tasks.length).toBeGreaterThanOrEqual(5);
    expect(Math.min(...g.model.tasks.map((t) => t.start))).toBe(0);
    expect(Math.max(...g.model.tasks.map(taskEnd))).toBe(180);
    expect(new Set(tasks.map((t) => t.group)).size).toBeGreaterThanOrEqual(4);
    expect(g.model.tasks.some((t) => t.milestone && t.start === 180)).toBe(true);
    expect(g.model.tasks.some((t) => (t.dependsOn ?? []).length)).toBe(true);
  });

  it('a road project gets road phases, not a building schedule', () => {
    const road = offlineGantt(
      ctxOf('', {
        tenderText:
          '某市南湖大道道路改造工程 招标文件\n计划工期：210 日历天\n施工内容：路基、水稳基层、沥青路面、雨污水管网、人行道及交通标线，混凝土路缘石。',
      }),
    );
    const names = road.model.tasks.map((t) => t.name).join();
    expect(names).toMatch(/路基/);
    expect(names).toMatch(/沥青/);
    expect(names).not.toMatch(/主体结构|装饰装修/);
    expect(Math.max(...road.model.tasks.map(taskEnd))).toBe(210);
  });

  it('uses weeks for service periods of years and IT phases for IT tenders', () => {
    const svc = offlineGantt(ctxOf('', { tenderText: '物业管理服务 保洁 安保 服务期限：3 年' }));
    expect(svc.model.unit).toBe('week');
    const it = offlineGantt(ctxOf('', { tenderText: tender('tender-it-gov.txt') }));
    expect(it.model.tasks.map((t) => t.name).join()).toMatch(/需求调研|系统设计/);
  });

  it('tabulates enumerations in the text', () => {
    const t: TableModel = offlineTable(ctxOf(CHAPTER_MD));
    expect(t.columns[0]).toBe('序号');
    expect(t.rows.length).toBeGreaterThanOrEqual(3);
    const md =
      '## 主要管理人员\n- 项目经理：负责项目全面管理\n- 技术负责人：负责技术管理\n- 安全员：负责安全检查\n- 质检员：负责质量检查';
    const p = offlineTable(ctxOf(md));
    expect(p.columns).toEqual(['序号', '项目', '内容']);
    expect(p.rows[0]).toEqual(['1', '项目经理', '负责项目全面管理']);
  });

  it('picks image keywords from the title and headings', () => {
    const k = imageKeywords(ctxOf(CHAPTER_MD));
    expect(k.slice(0, 5)).toContain('质量');
    expect(k).not.toContain('的');
  });

  it('keeps placeholders visible in what it builds', () => {
    const t = offlineTable(
      ctxOf(
        '- 项目背景：【待填写：项目背景的具体做法】\n- 建设目标：【待填写：建设目标】\n- 需求理解：按招标文件理解',
      ),
    );
    expect(t.rows[0]).toEqual(['1', '项目背景', '【待填写：项目背景的具体做法】']);
  });

  it('makes short labels at natural boundaries', () => {
    expect(shortLabel('项目经理：对工程质量全面负责')).toBe('项目经理');
    expect(shortLabel('对作业班组进行技术交底，并留存记录。')).toBe('对作业班组进行技术交底');
    expect([...shortLabel('一二三四五六七八九十一二三四五六七八九十一二三', 10)]).toHaveLength(10);
  });
});

/** A stand-in for the provider interface (the API tests use the real client against the fake server). */
function provider(replies: Array<string | Error>) {
  const calls: ChatRequest[] = [];
  return {
    calls,
    chat: async (req: ChatRequest): Promise<ChatResult> => {
      calls.push(req);
      const r = replies.shift() ?? '';
      if (r instanceof Error) throw r;
      return {
        text: r,
        usage: { promptTokens: 1, completionTokens: 1 },
        model: 'fake',
        finishReason: 'stop',
      };
    },
  };
}

describe('generateElement', () => {
  const ctx = ctxOf(CHAPTER_MD);
  const mind = {
    caption: '质量保证思维导图',
    root: { text: '质量保证', children: [{ text: '体系' }, { text: '流程' }] },
  };

  it('uses a valid model answer wrapped in prose', async () => {
    const p = provider([`以下是结果：\n\`\`\`json\n${JSON.stringify(mind)}\n\`\`\``]);
    const r = await generateElement('mindmap', ctx, { provider: p, tier: 'standard' });
    expect(r).toMatchObject({ engine: 'openai', caption: '质量保证思维导图', notice: null });
    expect(r.node).toMatchObject({
      type: 'diagram',
      attrs: { kind: 'mindmap', caption: '质量保证思维导图' },
    });
    expect(p.calls[0].json).toBe(true);
    expect(p.calls[0].messages.at(-1)!.content).toContain('【任务：生成思维导图】');
  });

  it('repairs once with the validation error, then succeeds', async () => {
    const p = provider([
      '{"nodes": []}',
      JSON.stringify({
        nodes: [
          { id: 'a', label: '开始', shape: 'terminal' },
          { id: 'b', label: '结束', shape: 'terminal' },
        ],
        edges: [{ from: 'a', to: 'b' }],
      }),
    ]);
    const r = await generateElement('flowchart', ctx, { provider: p, tier: 'premium' });
    expect(r.engine).toBe('openai');
    expect(p.calls).toHaveLength(2);
    expect(p.calls[1].messages.at(-1)!.content).toContain('【任务：修正JSON】');
    expect(p.calls[1].messages.at(-1)!.content).toContain('流程图至少需要一个节点');
  });

  it('falls back to the offline engine with a clear notice when the answer stays unusable', async () => {
    const p = provider(['我不知道', '还是不知道']);
    const r = await generateElement('table', ctx, { provider: p, tier: 'standard' });
    expect(r.engine).toBe('offline');
    expect(r.notice).toContain('AI 返回的表格数据无法识别');
    expect(r.node.type).toBe('table');
    expect((r.node.content ?? []).length).toBeGreaterThanOrEqual(4);
  });

  it('keeps a Gantt answer cut short (repaired) inside the period', async () => {
    const tasks = Array.from({ length: 6 }, (_, i) => ({
      id: `t${i}`,
      name: `阶段${i + 1}`,
      group: '实施',
      start: i * 60,
      duration: 60,
    }));
    const full = JSON.stringify({ caption: '进度计划', unit: 'day', tasks });
    const cut = full.slice(0, full.lastIndexOf('"name"'));
    const r = await generateElement('gantt', ctx, { provider: provider([cut]), tier: 'standard' });
    expect(r.engine).toBe('openai');
    const m = r.model as GanttModel;
    expect(m.tasks.length).toBe(5);
    expect(Math.max(...m.tasks.map(taskEnd))).toBeLessThanOrEqual(365);
  });

  it('survives a failing provider and passes aborts through', async () => {
    const down = await generateElement('mindmap', ctx, {
      provider: provider([new AiError('server', 'AI 模型暂时不可用，请稍后重试', true)]),
      tier: 'standard',
    });
    expect(down.engine).toBe('offline');
    await expect(
      generateElement('mindmap', ctx, {
        provider: provider([new AiError('aborted', '已取消')]),
        tier: 'standard',
      }),
    ).rejects.toThrow('已取消');
  });

  it('offline: every kind answers a valid element, with notices where honest', async () => {
    for (const kind of ['table', 'mindmap', 'flowchart', 'gantt'] as const) {
      const r = await generateElement(kind, ctx, { provider: null, tier: 'standard' });
      expect(r.engine).toBe('offline');
      if (kind !== 'table') expect(() => renderDiagramSvg({ kind, model: r.model } as never)).not.toThrow();
    }
    const withInstruction = await generateElement(
      'mindmap',
      { ...ctx, instruction: '突出创新点' },
      { provider: null, tier: 'standard' },
    );
    expect(withInstruction.notice).toContain('未使用补充要求');
  });

  it('merges model keywords with the chapter own ones', async () => {
    const r = await searchKeywords(ctx, {
      provider: provider(['{"keywords":["质量检测","样板"]}']),
      tier: 'standard',
    });
    expect(r.engine).toBe('openai');
    expect(r.keywords.slice(0, 2)).toEqual(['质量检测', '样板']);
    expect(r.keywords).toContain('质量');
  });
});
