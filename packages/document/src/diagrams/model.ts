import { z } from 'zod';

/**
 * Diagram models: what a `diagram` node of the document stores in attrs.model, what the AI is
 * asked to produce, and what the one renderer draws. Limits keep a hostile or runaway model from
 * making the renderer (and the export) slow.
 */
export const DIAGRAM_KINDS = ['flowchart', 'mindmap', 'gantt'] as const;
export type DiagramKind = (typeof DIAGRAM_KINDS)[number];
export const DIAGRAM_KIND_LABELS: Record<DiagramKind, string> = {
  flowchart: '流程图',
  mindmap: '思维导图',
  gantt: '甘特图',
};

export const DIAGRAM_LIMITS = {
  labelChars: 120,
  flowNodes: 500,
  flowEdges: 1000,
  mindNodes: 400,
  mindDepth: 6,
  ganttTasks: 200,
  /** Longest Gantt span in units (days or weeks): ten years of days. */
  ganttSpan: 3660,
} as const;

const label = (field: string) =>
  z
    .string({ error: `${field}必须是文字` })
    .transform((s) => s.replace(/\s+/g, ' ').trim())
    .pipe(
      z
        .string()
        .min(1, `${field}不能为空`)
        .max(DIAGRAM_LIMITS.labelChars, `${field}不能超过 ${DIAGRAM_LIMITS.labelChars} 个字`),
    );
const optionalLabel = z
  .string()
  .transform((s) => s.replace(/\s+/g, ' ').trim().slice(0, DIAGRAM_LIMITS.labelChars))
  .optional();
const nodeId = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .pipe(z.string().min(1, '节点编号不能为空').max(64, '节点编号过长'));

// ---------------------------------------------------------------- flowchart

export const FLOW_SHAPES = ['process', 'decision', 'terminal', 'data', 'subprocess'] as const;
export type FlowShape = (typeof FLOW_SHAPES)[number];
export const FLOW_SHAPE_LABELS: Record<FlowShape, string> = {
  process: '处理',
  decision: '判断',
  terminal: '开始/结束',
  data: '数据/资料',
  subprocess: '子流程',
};
/** Names models (and people) use for the same shapes. */
const SHAPE_ALIASES: Record<string, FlowShape> = {
  start: 'terminal',
  end: 'terminal',
  startend: 'terminal',
  'start/end': 'terminal',
  terminator: 'terminal',
  begin: 'terminal',
  rect: 'process',
  box: 'process',
  step: 'process',
  action: 'process',
  task: 'process',
  diamond: 'decision',
  condition: 'decision',
  choice: 'decision',
  if: 'decision',
  io: 'data',
  input: 'data',
  output: 'data',
  parallelogram: 'data',
  document: 'data',
  sub: 'subprocess',
  predefined: 'subprocess',
  module: 'subprocess',
};
const flowShape = z.unknown().transform((v) => {
  const s = String(v ?? 'process')
    .trim()
    .toLowerCase();
  if ((FLOW_SHAPES as readonly string[]).includes(s)) return s as FlowShape;
  return SHAPE_ALIASES[s.replace(/[\s_-]/g, '')] ?? SHAPE_ALIASES[s] ?? 'process';
});

export const flowNodeSchema = z.object({
  id: nodeId,
  label: label('节点文字'),
  shape: flowShape.default('process'),
});
export const flowEdgeSchema = z.object({
  from: nodeId,
  to: nodeId,
  label: optionalLabel,
});
export const flowchartSchema = z
  .object({
    direction: z
      .unknown()
      .transform((v) => (String(v ?? 'TB').toUpperCase() === 'LR' ? 'LR' : 'TB') as 'TB' | 'LR')
      .default('TB'),
    nodes: z
      .array(flowNodeSchema)
      .min(1, '流程图至少需要一个节点')
      .max(DIAGRAM_LIMITS.flowNodes, `流程图最多 ${DIAGRAM_LIMITS.flowNodes} 个节点`),
    edges: z
      .array(flowEdgeSchema)
      .max(DIAGRAM_LIMITS.flowEdges, `流程图最多 ${DIAGRAM_LIMITS.flowEdges} 条连线`)
      .default([]),
  })
  .superRefine((m, ctx) => {
    const ids = new Set<string>();
    m.nodes.forEach((n, i) => {
      if (ids.has(n.id))
        ctx.addIssue({ code: 'custom', path: ['nodes', i, 'id'], message: `流程图节点编号重复：${n.id}` });
      ids.add(n.id);
    });
    m.edges.forEach((e, i) => {
      if (!ids.has(e.from))
        ctx.addIssue({ code: 'custom', path: ['edges', i, 'from'], message: `连线的起点不存在：${e.from}` });
      if (!ids.has(e.to))
        ctx.addIssue({ code: 'custom', path: ['edges', i, 'to'], message: `连线的终点不存在：${e.to}` });
    });
  });
export type FlowchartModel = z.infer<typeof flowchartSchema>;
export type FlowNode = FlowchartModel['nodes'][number];
export type FlowEdge = FlowchartModel['edges'][number];

// ---------------------------------------------------------------- mind map

export interface MindNode {
  text: string;
  children?: MindNode[];
}
export const mindNodeSchema: z.ZodType<MindNode, unknown> = z.lazy(() =>
  z.object({
    text: label('思维导图节点文字'),
    children: z.array(mindNodeSchema).max(40, '一个节点最多 40 个分支').optional(),
  }),
);
export const mindmapSchema = z.object({ root: mindNodeSchema }).superRefine((m, ctx) => {
  let count = 0;
  let deepest = 0;
  const walk = (n: MindNode, depth: number) => {
    count += 1;
    deepest = Math.max(deepest, depth);
    for (const c of n.children ?? []) walk(c, depth + 1);
  };
  walk(m.root, 1);
  if (count > DIAGRAM_LIMITS.mindNodes)
    ctx.addIssue({
      code: 'custom',
      path: ['root'],
      message: `思维导图最多 ${DIAGRAM_LIMITS.mindNodes} 个节点`,
    });
  if (deepest > DIAGRAM_LIMITS.mindDepth)
    ctx.addIssue({ code: 'custom', path: ['root'], message: `思维导图最多 ${DIAGRAM_LIMITS.mindDepth} 层` });
});
export type MindmapModel = z.infer<typeof mindmapSchema>;

// ---------------------------------------------------------------- Gantt chart

const nonNegative = (field: string) =>
  z.coerce
    .number({ error: `${field}必须是数字` })
    .finite()
    .min(0, `${field}不能为负数`);

export const ganttTaskSchema = z
  .object({
    id: nodeId,
    name: label('任务名称'),
    /** Phase / group the task belongs to (shown as a summary row). */
    group: optionalLabel,
    /** Offset from the project start, in the chart's unit (0 = first day/week). */
    start: nonNegative('任务开始时间'),
    duration: nonNegative('任务工期').optional(),
    /** Exclusive end offset; used when duration is absent. */
    end: nonNegative('任务结束时间').optional(),
    milestone: z.boolean().optional(),
    dependsOn: z.array(nodeId).max(20).optional(),
  })
  .superRefine((t, ctx) => {
    if (!t.milestone && t.duration === undefined && t.end === undefined)
      ctx.addIssue({ code: 'custom', path: ['duration'], message: `任务“${t.name}”缺少工期或结束时间` });
    if (t.end !== undefined && t.duration === undefined && t.end < t.start)
      ctx.addIssue({ code: 'custom', path: ['end'], message: `任务“${t.name}”的结束时间早于开始时间` });
  });

export const ganttSchema = z
  .object({
    unit: z
      .unknown()
      .transform(
        (v) => (/^w/i.test(String(v ?? 'day')) || String(v) === '周' ? 'week' : 'day') as 'day' | 'week',
      )
      .default('day'),
    /** Calendar date of offset 0 (YYYY-MM-DD); without it the axis counts 第N天 / 第N周. */
    startDate: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, '开始日期格式应为 YYYY-MM-DD')
      .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), '开始日期不正确')
      .optional(),
    tasks: z
      .array(ganttTaskSchema)
      .min(1, '甘特图至少需要一个任务')
      .max(DIAGRAM_LIMITS.ganttTasks, `甘特图最多 ${DIAGRAM_LIMITS.ganttTasks} 个任务`),
  })
  .superRefine((m, ctx) => {
    const ids = new Set<string>();
    m.tasks.forEach((t, i) => {
      if (ids.has(t.id))
        ctx.addIssue({ code: 'custom', path: ['tasks', i, 'id'], message: `任务编号重复：${t.id}` });
      ids.add(t.id);
      const end = taskEnd(t);
      if (end > DIAGRAM_LIMITS.ganttSpan)
        ctx.addIssue({
          code: 'custom',
          path: ['tasks', i],
          message: `任务“${t.name}”超出甘特图可表示的时间范围`,
        });
    });
    m.tasks.forEach((t, i) =>
      (t.dependsOn ?? []).forEach((d, j) => {
        if (!ids.has(d))
          ctx.addIssue({
            code: 'custom',
            path: ['tasks', i, 'dependsOn', j],
            message: `任务“${t.name}”依赖的任务不存在：${d}`,
          });
      }),
    );
  });
export type GanttModel = z.infer<typeof ganttSchema>;
export type GanttTask = GanttModel['tasks'][number];

/** Exclusive end offset of a task (a milestone ends where it starts). */
export function taskEnd(t: Pick<GanttTask, 'start' | 'duration' | 'end' | 'milestone'>): number {
  if (t.milestone) return t.start;
  if (t.duration !== undefined) return t.start + t.duration;
  return t.end ?? t.start;
}

// ---------------------------------------------------------------- any diagram

export type Diagram =
  | { kind: 'flowchart'; model: FlowchartModel }
  | { kind: 'mindmap'; model: MindmapModel }
  | { kind: 'gantt'; model: GanttModel };

export const diagramSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('flowchart'), model: flowchartSchema }),
  z.object({ kind: z.literal('mindmap'), model: mindmapSchema }),
  z.object({ kind: z.literal('gantt'), model: ganttSchema }),
]);

export const MODEL_SCHEMAS = {
  flowchart: flowchartSchema,
  mindmap: mindmapSchema,
  gantt: ganttSchema,
} as const;

/** Parses a diagram (e.g. a document node's attrs); throws a ZodError with Chinese messages. */
export function parseDiagram(input: unknown): Diagram {
  return diagramSchema.parse(input) as Diagram;
}

export function safeParseDiagram(
  input: unknown,
): { ok: true; diagram: Diagram } | { ok: false; message: string } {
  const r = diagramSchema.safeParse(input);
  if (r.success) return { ok: true, diagram: r.data as Diagram };
  return { ok: false, message: r.error.issues[0]?.message ?? '图表数据不正确' };
}
