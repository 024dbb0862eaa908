import type { FlowchartModel, GanttModel, MindNode, MindmapModel } from '@bid/document/diagrams/model';
import {
  domainOf,
  periodDays,
  shortLabel,
  stepMarker,
  type Block,
  type Domain,
  type ElementContext,
  type ListItem,
} from './context.ts';

/**
 * The offline engine's elements: built by rule from the chapter's own structure and the tender,
 * deterministic, never inventing facts (unknown values are 【待填写】 placeholders).
 */

const MAX_BRANCHES = 8;
const MAX_CHILDREN = 6;

// ---------------------------------------------------------------- mind map

function itemNodes(items: ListItem[], depth: number): MindNode[] {
  return items.slice(0, MAX_CHILDREN).map((i) => ({
    text: shortLabel(i.text, 22),
    ...(depth < 2 && i.children.length ? { children: itemNodes(i.children, depth + 1) } : {}),
  }));
}

/** Sections of the chapter: each top-level heading with what follows it. */
export function sections(blocks: Block[]): Array<{ title: string; body: Block[] }> {
  const headings = blocks.filter((b): b is Extract<Block, { kind: 'heading' }> => b.kind === 'heading');
  if (!headings.length) return [];
  const top = Math.min(...headings.map((h) => h.level));
  const out: Array<{ title: string; body: Block[] }> = [];
  const lead: Block[] = [];
  for (const b of blocks) {
    if (b.kind === 'heading' && b.level === top) out.push({ title: b.text, body: [] });
    else if (out.length) out[out.length - 1].body.push(b);
    else lead.push(b);
  }
  // Text before the first heading counts when it holds a list, titled by the short line before it
  // (e.g. **响应要点**) — else it is an introduction, not a section.
  const listAt = lead.findIndex((b) => b.kind === 'list');
  if (listAt >= 0) {
    const before = lead[listAt - 1];
    const title =
      before?.kind === 'paragraph' && [...before.text].length <= 12
        ? before.text.replace(/[：:]$/, '')
        : '要点';
    out.unshift({ title, body: lead.slice(listAt) });
  }
  return out;
}

/** Children of a section: sub-headings, list items, numbered or "label：" paragraphs. */
function sectionChildren(body: Block[]): MindNode[] {
  const out: MindNode[] = [];
  for (const b of body) {
    if (out.length >= MAX_CHILDREN) break;
    if (b.kind === 'heading') out.push({ text: shortLabel(b.text, 22) });
    else if (b.kind === 'list') out.push(...itemNodes(b.items, 1).slice(0, MAX_CHILDREN - out.length));
    else if (b.kind === 'paragraph') {
      const step = stepMarker(b.text);
      if (step) out.push({ text: shortLabel(step.rest, 22) });
      else if (/^[^，。；]{2,16}[：:]/.test(b.text)) out.push({ text: shortLabel(b.text, 22) });
    }
  }
  if (!out.length) {
    // Plain paragraphs: their first clauses.
    for (const b of body)
      if (b.kind === 'paragraph' && out.length < 4) out.push({ text: shortLabel(b.text, 18) });
  }
  return out;
}

function sameLabel(a: string, b: string): boolean {
  const x = a.replace(/[\s\p{P}]/gu, '');
  const y = b.replace(/[\s\p{P}]/gu, '');
  return x === y || (x.length >= 4 && y.includes(x)) || (y.length >= 4 && x.includes(y));
}

export function offlineMindmap(ctx: ElementContext): MindmapModel {
  const branches: MindNode[] = [];
  const secs = sections(ctx.blocks);
  if (secs.length >= 2) {
    for (const s of secs) branches.push({ text: shortLabel(s.title, 22), children: sectionChildren(s.body) });
  } else {
    const body = secs.length === 1 ? secs[0].body : ctx.blocks;
    // Lists: one long list gives the branches; several lists each give one branch per lead-in.
    const lists = body.filter((b): b is Extract<Block, { kind: 'list' }> => b.kind === 'list');
    const numbered = body.filter((b) => b.kind === 'paragraph' && stepMarker(b.text)) as Array<
      Extract<Block, { kind: 'paragraph' }>
    >;
    if (numbered.length >= 2) {
      for (const p of numbered) {
        const rest = stepMarker(p.text)!.rest;
        const tail = rest
          .split(/[。；;]/)
          .slice(1)
          .map((s) => s.trim())
          .filter((s) => s.length >= 4);
        branches.push({
          text: shortLabel(rest, 20),
          children: tail.slice(0, 3).map((s) => ({ text: shortLabel(s, 18) })),
        });
      }
    } else if (lists.length) {
      const longest = [...lists].sort((a, b) => b.items.length - a.items.length)[0];
      branches.push(
        ...itemNodes(longest.items, 1).map((n, i) => ({
          ...n,
          children: n.children ?? itemNodes(longest.items[i].children, 2),
        })),
      );
    } else {
      for (const b of body) {
        if (b.kind !== 'paragraph') continue;
        const parts = b.text
          .split(/[。；;]/)
          .map((s) => s.trim())
          .filter((s) => s.length >= 4);
        if (!parts.length) continue;
        branches.push({
          text: shortLabel(parts[0], 16),
          children: parts.slice(1, 4).map((s) => ({ text: shortLabel(s, 18) })),
        });
      }
    }
  }
  for (const t of ctx.childTitles) {
    if (branches.length >= MAX_BRANCHES) break;
    if (!branches.some((b) => sameLabel(b.text, t))) branches.push({ text: shortLabel(t, 22) });
  }
  const clean = (n: MindNode): MindNode => {
    const kids = (n.children ?? []).filter((c) => c.text).map(clean);
    return kids.length ? { text: n.text, children: kids } : { text: n.text };
  };
  const root: MindNode = {
    text: shortLabel(ctx.chapterTitle, 24) || '本章要点',
    children: branches
      .filter((b) => b.text)
      .slice(0, MAX_BRANCHES)
      .map(clean),
  };
  if (!root.children!.length) {
    // An empty chapter: the chapter's place in the bid is all there is to map.
    root.children = ctx.path.slice(0, -1).map((p) => ({ text: shortLabel(p, 22) }));
    if (!root.children.length)
      root.children = [
        { text: '【待填写：要点一】' },
        { text: '【待填写：要点二】' },
        { text: '【待填写：要点三】' },
      ];
  }
  return { root };
}

// ---------------------------------------------------------------- flowchart

const CHECK_RE = /验收|审核|审批|评审|检验|检查|复核|确认|测试|试验|抽检|考核/;

/** The steps a chapter describes: a numbered list, numbered paragraphs, sequence words, headings or outline children. */
export function chapterSteps(ctx: ElementContext): string[] {
  const ordered = ctx.blocks.filter(
    (b): b is Extract<Block, { kind: 'list' }> => b.kind === 'list' && b.items.length >= 3,
  );
  const numberedRuns: string[][] = [];
  let run: string[] = [];
  for (const b of ctx.blocks) {
    const m = b.kind === 'paragraph' ? stepMarker(b.text) : null;
    if (m) run.push(m.rest);
    else if (b.kind !== 'list' && run.length) {
      numberedRuns.push(run);
      run = [];
    }
  }
  if (run.length) numberedRuns.push(run);
  const candidates: string[][] = [
    ...ordered
      .sort((a, b) => Number(b.ordered) - Number(a.ordered) || b.items.length - a.items.length)
      .map((l) => l.items.map((i) => i.text)),
    ...numberedRuns,
  ].filter((c) => c.length >= 3);
  if (candidates.length) return candidates.sort((a, b) => b.length - a.length)[0];
  const seq = ctx.text
    .split(/[。；;\n]/)
    .map((s) => s.trim())
    .filter((s) => /^(首先|其次|然后|接着|随后|再次|之后|最后|同时)/.test(s));
  if (seq.length >= 3)
    return seq.map((s) => s.replace(/^(首先|其次|然后|接着|随后|再次|之后|最后|同时)[，,]?/, ''));
  const heads = ctx.blocks.filter((b) => b.kind === 'heading').map((b) => (b as { text: string }).text);
  if (heads.length >= 3) return heads;
  if (ctx.childTitles.length >= 2) return ctx.childTitles;
  return [];
}

const TEMPLATE_STEPS: Record<Domain, string[]> = {
  road: ['施工准备与交通导改', '管线迁改与排水', '路基施工', '基层施工', '沥青面层施工', '附属设施与验收'],
  construction: ['施工准备', '技术交底', '材料进场验收', '工序施工', '质量检查验收', '资料整理归档'],
  it: ['需求调研', '方案设计', '开发实施', '系统测试', '部署上线', '验收交付'],
  service: ['进场交接', '制度建立', '日常服务', '检查考核', '持续改进'],
  goods: ['备货生产', '出厂检验', '运输配送', '到货验收', '安装调试', '培训交付'],
  general: ['明确目标', '制定方案', '组织实施', '检查评估', '总结改进'],
};

export function offlineFlowchart(ctx: ElementContext): FlowchartModel {
  let steps = chapterSteps(ctx)
    .map((s) => shortLabel(s, 22))
    .filter(Boolean);
  if (steps.length < 2) steps = TEMPLATE_STEPS[domainOf(ctx)];
  steps = steps.slice(0, 14);
  const nodes: FlowchartModel['nodes'] = [{ id: 'start', label: '开始', shape: 'terminal' }];
  const edges: FlowchartModel['edges'] = [];
  let prev = 'start';
  let lastWork = 'start';
  let decisions = 0;
  steps.forEach((label, i) => {
    const id = `s${i + 1}`;
    const question = /是否/.test(label);
    if (question) {
      nodes.push({ id, label: label.endsWith('？') ? label : `${label}？`, shape: 'decision' });
      edges.push({ from: prev, to: id });
      if (lastWork !== 'start') edges.push({ from: id, to: lastWork, label: '否' });
      prev = id;
      decisions++;
      return;
    }
    const afterDecision = nodes.find((n) => n.id === prev)?.shape === 'decision';
    nodes.push({ id, label, shape: i === 0 && /准备|调研|交接|收集/.test(label) ? 'data' : 'process' });
    edges.push({ from: prev, to: id, label: afterDecision ? '是' : undefined });
    prev = id;
    if (CHECK_RE.test(label) && decisions < 2 && lastWork !== 'start') {
      // A check: passes forward, fails back to the work it checks (整改后重新检查).
      const did = `d${i + 1}`;
      nodes.push({ id: did, label: '是否合格？', shape: 'decision' });
      edges.push({ from: id, to: did });
      edges.push({ from: did, to: lastWork, label: '否，整改' });
      prev = did;
      decisions++;
    } else {
      lastWork = id;
    }
  });
  nodes.push({ id: 'end', label: '结束', shape: 'terminal' });
  edges.push({
    from: prev,
    to: 'end',
    label: nodes.find((n) => n.id === prev)?.shape === 'decision' ? '是' : undefined,
  });
  return { direction: 'TB', nodes, edges };
}

// ---------------------------------------------------------------- Gantt chart

interface PhaseTemplate {
  group: string;
  name: string;
  /** Start and length as fractions of the whole period. */
  at: number;
  len: number;
}

const PHASES: Record<Domain, { tasks: PhaseTemplate[]; milestones: Array<{ name: string; at: number }> }> = {
  road: {
    tasks: [
      { group: '施工准备阶段', name: '施工准备与交通导改', at: 0, len: 0.06 },
      { group: '地下工程阶段', name: '管线迁改及雨污水管网', at: 0.05, len: 0.22 },
      { group: '路基工程阶段', name: '路基土石方及压实', at: 0.2, len: 0.22 },
      { group: '路面工程阶段', name: '水稳基层施工', at: 0.4, len: 0.18 },
      { group: '路面工程阶段', name: '沥青面层摊铺', at: 0.58, len: 0.12 },
      { group: '附属工程阶段', name: '人行道、路缘石及绿化', at: 0.62, len: 0.2 },
      { group: '附属工程阶段', name: '交通标志标线及照明', at: 0.8, len: 0.1 },
      { group: '竣工验收阶段', name: '竣工验收及移交', at: 0.92, len: 0.08 },
    ],
    milestones: [
      { name: '路基完成', at: 0.42 },
      { name: '通车验收', at: 1 },
    ],
  },
  construction: {
    tasks: [
      { group: '施工准备阶段', name: '施工准备（临设、测量放线）', at: 0, len: 0.06 },
      { group: '基础施工阶段', name: '土方及基础工程', at: 0.06, len: 0.18 },
      { group: '主体施工阶段', name: '主体结构工程', at: 0.24, len: 0.3 },
      { group: '主体施工阶段', name: '砌体及二次结构', at: 0.46, len: 0.14 },
      { group: '装饰安装阶段', name: '机电安装工程', at: 0.5, len: 0.32 },
      { group: '装饰安装阶段', name: '装饰装修工程', at: 0.58, len: 0.26 },
      { group: '竣工验收阶段', name: '室外附属工程', at: 0.78, len: 0.12 },
      { group: '竣工验收阶段', name: '竣工预验收及整改', at: 0.88, len: 0.07 },
      { group: '竣工验收阶段', name: '竣工验收及移交', at: 0.95, len: 0.05 },
    ],
    milestones: [
      { name: '主体结构封顶', at: 0.54 },
      { name: '竣工验收', at: 1 },
    ],
  },
  it: {
    tasks: [
      { group: '准备阶段', name: '项目启动与需求调研', at: 0, len: 0.1 },
      { group: '准备阶段', name: '系统设计', at: 0.08, len: 0.12 },
      { group: '实施阶段', name: '开发与配置实施', at: 0.18, len: 0.34 },
      { group: '实施阶段', name: '系统集成与测试', at: 0.48, len: 0.16 },
      { group: '上线阶段', name: '部署上线与数据迁移', at: 0.64, len: 0.08 },
      { group: '上线阶段', name: '用户培训', at: 0.68, len: 0.08 },
      { group: '上线阶段', name: '试运行', at: 0.72, len: 0.18 },
      { group: '验收阶段', name: '项目验收', at: 0.9, len: 0.1 },
    ],
    milestones: [
      { name: '系统上线', at: 0.72 },
      { name: '项目终验', at: 1 },
    ],
  },
  service: {
    tasks: [
      { group: '进场阶段', name: '进场准备与人员配置', at: 0, len: 0.04 },
      { group: '进场阶段', name: '交接与制度建立', at: 0.03, len: 0.05 },
      { group: '服务阶段', name: '日常服务实施', at: 0.08, len: 0.86 },
      { group: '服务阶段', name: '定期检查与考核', at: 0.1, len: 0.84 },
      { group: '收尾阶段', name: '服务总结与移交', at: 0.94, len: 0.06 },
    ],
    milestones: [
      { name: '正式提供服务', at: 0.08 },
      { name: '服务期满', at: 1 },
    ],
  },
  goods: {
    tasks: [
      { group: '供货准备', name: '合同签订与备货计划', at: 0, len: 0.1 },
      { group: '供货准备', name: '生产/采购备货', at: 0.08, len: 0.37 },
      { group: '交付阶段', name: '出厂检验与运输', at: 0.45, len: 0.13 },
      { group: '交付阶段', name: '到货验收', at: 0.58, len: 0.06 },
      { group: '交付阶段', name: '安装调试', at: 0.64, len: 0.18 },
      { group: '验收阶段', name: '操作培训', at: 0.8, len: 0.08 },
      { group: '验收阶段', name: '最终验收', at: 0.9, len: 0.1 },
    ],
    milestones: [
      { name: '货物到场', at: 0.58 },
      { name: '验收完成', at: 1 },
    ],
  },
  general: {
    tasks: [
      { group: '准备阶段', name: '前期准备', at: 0, len: 0.1 },
      { group: '实施阶段', name: '方案细化', at: 0.08, len: 0.12 },
      { group: '实施阶段', name: '组织实施', at: 0.2, len: 0.5 },
      { group: '收尾阶段', name: '检查与整改', at: 0.7, len: 0.15 },
      { group: '收尾阶段', name: '验收与总结', at: 0.85, len: 0.15 },
    ],
    milestones: [{ name: '完成验收', at: 1 }],
  },
};

const PHASE_WORDS =
  /阶段|准备|进场|基础|主体|装修|装饰|安装|调试|验收|竣工|部署|上线|测试|试运行|设计|开发|培训|交付|移交|实施/;

/**
 * A Gantt chart over the project period (工期 N 日历天 from the tender; 90 days when none is
 * given): the phases the chapter itself names when it lists at least three, otherwise the
 * standard phases of the project's kind, scaled to the period, chained by dependencies.
 */
export function offlineGantt(ctx: ElementContext): {
  model: GanttModel;
  periodDays: number;
  periodFound: boolean;
} {
  const found = periodDays(ctx.periodText, ctx.tenderText);
  const total = found ?? 90;
  const unit: 'day' | 'week' = total > 400 ? 'week' : 'day';
  const scale = unit === 'week' ? total / 7 : total;
  const round = (v: number) => Math.round(v);

  const own = chapterSteps(ctx)
    .filter((s) => PHASE_WORDS.test(s))
    .map((s) => shortLabel(s, 18));
  const tasks: GanttModel['tasks'] = [];
  if (own.length >= 3) {
    const n = Math.min(own.length, 12);
    let start = 0;
    for (let i = 0; i < n; i++) {
      const end = i === n - 1 ? round(scale) : round(((i + 1) / n) * scale);
      tasks.push({
        id: `t${i + 1}`,
        name: own[i],
        start,
        duration: Math.max(1, end - start),
        dependsOn: i ? [`t${i}`] : [],
      });
      start = end;
    }
    tasks.push({ id: 'm1', name: '完成', start: round(scale), milestone: true, dependsOn: [`t${n}`] });
  } else {
    const tpl = PHASES[domainOf(ctx)];
    tpl.tasks.forEach((p, i) => {
      const start = round(p.at * scale);
      const end = Math.min(round(scale), Math.max(start + 1, round((p.at + p.len) * scale)));
      // Finish-to-start where the previous task really ends before this one starts.
      const prev = tasks[i - 1];
      const dependsOn = prev && prev.start + (prev.duration ?? 0) <= start ? [prev.id] : [];
      tasks.push({ id: `t${i + 1}`, name: p.name, group: p.group, start, duration: end - start, dependsOn });
    });
    tpl.milestones.forEach((m, i) => {
      const at = round(m.at * scale);
      const before = [...tasks].reverse().find((t) => !t.milestone && t.start + (t.duration ?? 0) <= at);
      tasks.push({
        id: `m${i + 1}`,
        name: m.name,
        start: at,
        milestone: true,
        dependsOn: before ? [before.id] : [],
      });
    });
  }
  return { model: { unit, tasks }, periodDays: total, periodFound: found !== null };
}
