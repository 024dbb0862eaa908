import { taskEnd, type GanttModel, type GanttTask } from './model.ts';
import { PALETTE, STYLE, resolveOptions, type RenderOptions, type RenderedSvg } from './style.ts';
import { textWidth, wrapText } from './text.ts';
import { arrowHead, n, pullBack, roundedPolyline, svgDocument, textBlock, type Point } from './svg.ts';

/**
 * A Gantt chart as bids print it: a task table on the left (name, start, duration), the time axis
 * on the right with phase summary bars, task bars, milestones, dependency arrows and a legend.
 */

const ROW_H = 30;
const HEADER_H = 50;
const BAR_H = 14;
const SUMMARY_H = 8;
const LEGEND_H = 36;
const COL_GAP = 12;
const NAME_MAX = 180;

interface Row {
  kind: 'group' | 'task';
  name: string;
  start: number;
  end: number;
  task?: GanttTask;
}

function buildRows(model: GanttModel): Row[] {
  const rows: Row[] = [];
  const order: string[] = [];
  const byGroup = new Map<string, GanttTask[]>();
  const ungroupedKey = '\u0000';
  for (const t of model.tasks) {
    const key = t.group ? t.group : ungroupedKey;
    if (!byGroup.has(key)) {
      byGroup.set(key, []);
      order.push(key);
    }
    byGroup.get(key)!.push(t);
  }
  for (const key of order) {
    const tasks = byGroup.get(key)!;
    if (key !== ungroupedKey) {
      rows.push({
        kind: 'group',
        name: key,
        start: Math.min(...tasks.map((t) => t.start)),
        end: Math.max(...tasks.map((t) => taskEnd(t))),
      });
    }
    for (const t of tasks)
      rows.push({ kind: 'task', name: t.name, start: t.start, end: taskEnd(t), task: t });
  }
  return rows;
}

const DAY_MS = 86_400_000;
function addDays(iso: string, days: number): Date {
  return new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY_MS);
}
function fmtDate(d: Date): string {
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${String(d.getUTCDate()).padStart(2, '0')}`;
}

function fmtNumber(v: number): string {
  return Number.isInteger(v) ? String(v) : v.toFixed(1).replace(/\.0$/, '');
}

/** Picks a tick step so labels never crowd: at least minPx apart. */
function tickStep(pxPerUnit: number, unit: 'day' | 'week', minPx: number): number {
  const steps =
    unit === 'day' ? [1, 2, 5, 7, 10, 15, 30, 60, 90, 180, 365, 730] : [1, 2, 4, 8, 13, 26, 52, 104];
  return steps.find((s) => s * pxPerUnit >= minPx) ?? steps[steps.length - 1];
}

interface Band {
  from: number;
  to: number;
  label: string;
}

/** The upper header row: calendar months with a start date, otherwise 第N月 / 第N周 blocks. */
function bands(model: GanttModel, span: number, pxPerUnit: number): Band[] {
  const out: Band[] = [];
  const unitDays = model.unit === 'week' ? 7 : 1;
  if (model.startDate) {
    const start = addDays(model.startDate, 0);
    const endDays = span * unitDays;
    let cursor = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), 1));
    const monthWidthPx = (30 * pxPerUnit) / unitDays;
    const byQuarter = monthWidthPx < 46;
    while (true) {
      const from = (cursor.getTime() - start.getTime()) / DAY_MS;
      if (from >= endDays) break;
      const months = byQuarter ? 3 : 1;
      const next = new Date(Date.UTC(cursor.getUTCFullYear(), cursor.getUTCMonth() + months, 1));
      const to = (next.getTime() - start.getTime()) / DAY_MS;
      const label = byQuarter
        ? `${cursor.getUTCFullYear()}年Q${Math.floor(cursor.getUTCMonth() / 3) + 1}`
        : `${cursor.getUTCFullYear()}年${cursor.getUTCMonth() + 1}月`;
      out.push({ from: Math.max(0, from) / unitDays, to: Math.min(endDays, to) / unitDays, label });
      cursor = next;
    }
    return out;
  }
  if (model.unit === 'day') {
    const size = span > 56 ? (30 * pxPerUnit < 40 ? 90 : 30) : 7;
    const name = size === 90 ? '季度' : size === 30 ? '月' : '周';
    for (let i = 0; i * size < span; i++)
      out.push({ from: i * size, to: Math.min(span, (i + 1) * size), label: `第${i + 1}${name}` });
    return out;
  }
  const size = 4 * pxPerUnit < 40 ? 13 : 4;
  for (let i = 0; i * size < span; i++) {
    const a = i * size + 1;
    const b = Math.min(span, (i + 1) * size);
    out.push({
      from: i * size,
      to: b,
      label: size === 13 ? `第${i + 1}季度` : a === b ? `第${a}周` : `第${a}–${b}周`,
    });
  }
  return out;
}

export function renderGantt(model: GanttModel, options: RenderOptions = {}): RenderedSvg {
  const { metrics, maxWidth, title } = resolveOptions(options);
  const rows = buildRows(model);
  const span = Math.max(1, ...rows.map((r) => r.end));
  const unitName = model.unit === 'week' ? '周' : '天';
  const fs = STYLE.fontSize;
  const small = STYLE.smallFontSize;

  const unitDays = model.unit === 'week' ? 7 : 1;
  // Offset v starts unit v+1; a milestone at v marks the end of unit v (e.g. 竣工 at 180 = 第180天).
  const startLabel = (v: number) =>
    model.startDate ? fmtDate(addDays(model.startDate, v * unitDays)) : `第${fmtNumber(v + 1)}${unitName}`;
  const pointLabel = (v: number) =>
    v <= 0
      ? startLabel(0)
      : model.startDate
        ? fmtDate(addDays(model.startDate, v * unitDays - 1))
        : `第${fmtNumber(v)}${unitName}`;
  const rowStartLabel = (r: Row) => (r.task?.milestone ? pointLabel(r.start) : startLabel(r.start));
  const durLabel = (r: Row) => (r.task?.milestone ? '里程碑' : `${fmtNumber(r.end - r.start)}${unitName}`);

  // Column widths from content, names capped (and truncated with an ellipsis).
  const nameLines = rows.map(
    (r) =>
      wrapText(r.name, NAME_MAX, { fontSize: fs, bold: r.kind === 'group', metrics, maxLines: 1 })[0] ?? '',
  );
  const nameW = Math.max(
    120,
    ...nameLines.map(
      (l, i) =>
        textWidth(l, fs, rows[i].kind === 'group', metrics) +
        (rows[i].kind === 'task' && rows[i].task?.group ? 14 : 0),
    ),
  );
  const startW = Math.max(
    textWidth('开始', fs, true, metrics),
    ...rows.map((r) => textWidth(rowStartLabel(r), small, false, metrics)),
  );
  const durW = Math.max(
    textWidth('工期', fs, true, metrics),
    ...rows.map((r) => textWidth(durLabel(r), small, false, metrics)),
  );
  const colName = STYLE.margin;
  const colStart = colName + nameW + COL_GAP * 2;
  const colDur = colStart + startW + COL_GAP * 2;
  const tableRight = colDur + durW + COL_GAP;

  // Time axis: fill the remaining width; a floor per unit keeps short tasks visible.
  // Room after the last bar for the labels drawn right of bars and milestones.
  const trailing =
    14 +
    Math.max(
      ...rows.map((r) =>
        r.task?.milestone
          ? 13 + textWidth(pointLabel(r.start), small, true, metrics)
          : textWidth(durLabel(r), small, false, metrics),
      ),
    );
  const axisAvail = Math.max(240, maxWidth - tableRight - STYLE.margin - trailing);
  const pxPerUnit = Math.min(48, Math.max(model.unit === 'day' ? 0.8 : 3, axisAvail / span));
  const axisX = tableRight + 8;
  const axisW = span * pxPerUnit;
  const xOf = (v: number) => axisX + v * pxPerUnit;
  const width = axisX + axisW + trailing + STYLE.margin;
  const top = STYLE.margin;
  const bodyTop = top + HEADER_H;
  const bodyBottom = bodyTop + rows.length * ROW_H;
  const weekends = model.unit === 'day' && !!model.startDate && pxPerUnit >= 5;
  const height = bodyBottom + LEGEND_H + STYLE.margin;

  const parts: string[] = [];
  // Header background and row stripes.
  parts.push(
    `<rect x="${n(STYLE.margin)}" y="${n(top)}" width="${n(width - 2 * STYLE.margin)}" height="${HEADER_H}" rx="4" fill="${PALETTE.blue50}"/>`,
  );
  rows.forEach((r, i) => {
    const y = bodyTop + i * ROW_H;
    if (r.kind === 'group')
      parts.push(
        `<rect x="${n(STYLE.margin)}" y="${n(y)}" width="${n(width - 2 * STYLE.margin)}" height="${ROW_H}" fill="${PALETTE.grey100}"/>`,
      );
    else if (i % 2 === 1)
      parts.push(
        `<rect x="${n(STYLE.margin)}" y="${n(y)}" width="${n(width - 2 * STYLE.margin)}" height="${ROW_H}" fill="${PALETTE.grey50}"/>`,
      );
  });
  // Weekend shading (calendar charts in days only).
  if (weekends) {
    const start = addDays(model.startDate!, 0);
    for (let d = 0; d < span; d++) {
      const dow = new Date(start.getTime() + d * DAY_MS).getUTCDay();
      if (dow === 0 || dow === 6)
        parts.push(
          `<rect x="${n(xOf(d))}" y="${n(bodyTop)}" width="${n(pxPerUnit)}" height="${n(rows.length * ROW_H)}" fill="${PALETTE.grey200}" opacity="0.55"/>`,
        );
    }
  }

  // Header: column titles, bands, ticks.
  const h1 = top + HEADER_H / 4;
  const h2 = top + (HEADER_H * 3) / 4;
  const headText = (label: string, x: number, anchor: 'start' | 'middle' = 'start') =>
    textBlock([label], x, top + HEADER_H / 2, { fill: PALETTE.blue900, weight: 'bold', anchor });
  parts.push(headText('任务名称', colName + COL_GAP));
  parts.push(headText('开始', colStart));
  parts.push(headText('工期', colDur));
  for (const b of bands(model, span, pxPerUnit)) {
    const x0 = xOf(b.from);
    const x1 = xOf(b.to);
    parts.push(
      `<path d="M${n(x0)},${n(top + 4)} V${n(top + HEADER_H / 2)}" stroke="${PALETTE.blue200}" stroke-width="1"/>`,
    );
    const label = textWidth(b.label, small, true, metrics) + 6 <= x1 - x0 ? b.label : '';
    if (label)
      parts.push(
        textBlock([label], (x0 + x1) / 2, h1, {
          fill: PALETTE.blue900,
          size: small,
          weight: 'bold',
          anchor: 'middle',
        }),
      );
  }
  parts.push(
    `<path d="M${n(axisX)},${n(top + HEADER_H / 2)} H${n(axisX + axisW)}" stroke="${PALETTE.blue200}" stroke-width="1"/>`,
  );
  const step = tickStep(pxPerUnit, model.unit, textWidth(String(span), small, false, metrics) + 14);
  const ticks: number[] = [];
  for (let v = 0; v <= span; v += step) ticks.push(v);
  if (ticks[ticks.length - 1] !== span) {
    // The last tick marks the end; drop the previous one when the two labels would collide.
    if ((span - ticks[ticks.length - 1]) * pxPerUnit < textWidth(String(span), small, false, metrics) + 10)
      ticks.pop();
    ticks.push(span);
  }
  for (const v of ticks) {
    const x = xOf(v);
    parts.push(
      `<path d="M${n(x)},${n(bodyTop)} V${n(bodyBottom)}" stroke="${PALETTE.grey200}" stroke-width="1"/>`,
    );
    parts.push(textBlock([fmtNumber(v)], x, h2, { fill: PALETTE.grey600, size: small, anchor: 'middle' }));
  }
  parts.push(
    `<path d="M${n(STYLE.margin)},${n(bodyBottom)} H${n(width - STYLE.margin)}" stroke="${PALETTE.grey300}" stroke-width="1"/>`,
  );
  parts.push(
    `<path d="M${n(tableRight)},${n(top)} V${n(bodyBottom)}" stroke="${PALETTE.grey300}" stroke-width="1"/>`,
  );

  // Rows: table cells and bars.
  const barEnds = new Map<string, { start: Point; end: Point }>();
  rows.forEach((r, i) => {
    const cy = bodyTop + i * ROW_H + ROW_H / 2;
    const indent = r.kind === 'task' && r.task?.group ? 14 : 0;
    parts.push(
      textBlock([nameLines[i]], colName + COL_GAP + indent, cy, {
        fill: r.kind === 'group' ? PALETTE.grey900 : PALETTE.grey800,
        weight: r.kind === 'group' ? 'bold' : 'normal',
      }),
    );
    parts.push(textBlock([rowStartLabel(r)], colStart, cy, { fill: PALETTE.grey600, size: small }));
    parts.push(textBlock([durLabel(r)], colDur, cy, { fill: PALETTE.grey600, size: small }));
    const x0 = xOf(r.start);
    const x1 = xOf(r.end);
    if (r.kind === 'group') {
      const y = cy - SUMMARY_H / 2;
      parts.push(
        `<path d="M${n(x0)},${n(y)} H${n(x1)} V${n(y + SUMMARY_H + 5)} L${n(x1 - 6)},${n(y + SUMMARY_H)} H${n(x0 + 6)} L${n(x0)},${n(y + SUMMARY_H + 5)} Z" fill="${PALETTE.blue900}"/>`,
      );
      return;
    }
    const t = r.task!;
    if (t.milestone) {
      const s = 7;
      parts.push(
        `<path d="M${n(x0)},${n(cy - s)} L${n(x0 + s)},${n(cy)} L${n(x0)},${n(cy + s)} L${n(x0 - s)},${n(cy)} Z" fill="${PALETTE.blue700}" stroke="${PALETTE.white}" stroke-width="1"/>`,
      );
      parts.push(
        textBlock([pointLabel(r.start)], x0 + s + 6, cy, {
          fill: PALETTE.blue800,
          size: small,
          weight: 'bold',
        }),
      );
      barEnds.set(t.id, { start: { x: x0 - s, y: cy }, end: { x: x0 + s, y: cy } });
      return;
    }
    const w = Math.max(2, x1 - x0);
    parts.push(
      `<rect x="${n(x0)}" y="${n(cy - BAR_H / 2)}" width="${n(w)}" height="${BAR_H}" rx="3" fill="${PALETTE.blue500}"/>`,
    );
    parts.push(textBlock([durLabel(r)], x0 + w + 6, cy, { fill: PALETTE.grey500, size: small }));
    barEnds.set(t.id, { start: { x: x0, y: cy }, end: { x: x0 + w, y: cy } });
  });

  // Dependencies: finish-to-start elbows.
  const deps: string[] = [];
  for (const t of model.tasks) {
    for (const d of t.dependsOn ?? []) {
      const from = barEnds.get(d);
      const to = barEnds.get(t.id);
      if (!from || !to || d === t.id) continue;
      // Leave from under the end of the predecessor (its duration label sits to the right).
      const inset = Math.min(6, Math.max(0, (from.end.x - from.start.x) / 2));
      const a = { x: from.end.x - inset, y: from.end.y + (from.end.x - from.start.x > 14 ? BAR_H / 2 : 7) };
      const b = to.start;
      const down = b.y > a.y ? 1 : -1;
      let pts: Point[];
      if (b.x - a.x >= 10) {
        pts = [a, { x: a.x, y: b.y }, b];
      } else {
        const midY = b.y - (down * ROW_H) / 2;
        pts = [a, { x: a.x, y: midY }, { x: b.x - 10, y: midY }, { x: b.x - 10, y: b.y }, b];
      }
      const before = pts[pts.length - 2];
      const stroked = [...pts.slice(0, -1), pullBack(before, b, 5)];
      deps.push(
        `<path d="${roundedPolyline(stroked, 4)}" fill="none" stroke="${PALETTE.grey500}" stroke-width="1.2"/>` +
          arrowHead(before, b, PALETTE.grey500, 7, 3.5),
      );
    }
  }
  parts.push(`<g class="dependencies">${deps.join('')}</g>`);

  // Legend.
  const ly = bodyBottom + LEGEND_H / 2 + 4;
  let lx = STYLE.margin + COL_GAP;
  const legendItem = (swatch: string, label: string) => {
    parts.push(swatch + textBlock([label], lx + 26, ly, { fill: PALETTE.grey600, size: small }));
    lx += 26 + textWidth(label, small, false, metrics) + 22;
  };
  legendItem(
    `<rect x="${n(lx)}" y="${n(ly - BAR_H / 2)}" width="20" height="${BAR_H}" rx="3" fill="${PALETTE.blue500}"/>`,
    '任务',
  );
  if (rows.some((r) => r.kind === 'group'))
    legendItem(
      `<path d="M${n(lx)},${n(ly - 4)} H${n(lx + 20)} V${n(ly + 9)} L${n(lx + 14)},${n(ly + 4)} H${n(lx + 6)} L${n(lx)},${n(ly + 9)} Z" fill="${PALETTE.blue900}"/>`,
      '阶段',
    );
  if (model.tasks.some((t) => t.milestone))
    legendItem(
      `<path d="M${n(lx + 10)},${n(ly - 7)} L${n(lx + 17)},${n(ly)} L${n(lx + 10)},${n(ly + 7)} L${n(lx + 3)},${n(ly)} Z" fill="${PALETTE.blue700}"/>`,
      '里程碑',
    );
  if (deps.length)
    legendItem(
      `<path d="M${n(lx)},${n(ly)} H${n(lx + 14)}" stroke="${PALETTE.grey500}" stroke-width="1.2"/>` +
        arrowHead({ x: lx, y: ly }, { x: lx + 20, y: ly }, PALETTE.grey500, 7, 3.5),
      '依赖关系',
    );
  if (weekends)
    legendItem(
      `<rect x="${n(lx)}" y="${n(ly - 7)}" width="20" height="14" fill="${PALETTE.grey200}"/>`,
      '周末',
    );
  const unitNote =
    model.unit === 'week'
      ? '时间单位：周'
      : model.startDate
        ? '时间单位：日历天'
        : '时间单位：日历天（自开工起算）';
  parts.push(
    textBlock([unitNote], width - STYLE.margin - COL_GAP, ly, {
      fill: PALETTE.grey500,
      size: small,
      anchor: 'end',
    }),
  );

  return {
    svg: svgDocument(width, height, parts.join(''), title, 'gantt'),
    width: Math.ceil(width),
    height: Math.ceil(height),
  };
}
