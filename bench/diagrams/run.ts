/**
 * Benchmark: a 300-node flowchart laid out and drawn as SVG (dagre + label wrapping with real font
 * metrics), against an anchor of 1 s. Also prints the PNG export time for the same chart.
 * Run: node --import tsx bench/diagrams/run.ts
 */
import os from 'node:os';
import { renderDiagram } from '../../packages/document/src/diagrams/render.ts';
import { renderDiagramPng } from '../../packages/document/src/diagrams/png.ts';
import type { FlowchartModel } from '../../packages/document/src/diagrams/model.ts';

/** BENCH_SMALL=1: a short run that only shows the benchmark still works (CI); no goal checked. */
const SMALL = Boolean(process.env.BENCH_SMALL);
const ANCHOR_MS = 1000;
const STEPS = [
  '编制专项施工方案',
  '技术交底',
  '材料进场验收',
  '工序施工',
  '质量自检',
  '监理验收',
  '资料归档',
  '隐蔽工程验收',
  '安全检查',
  '整改复查',
];

/** A realistic large process: a main line with decisions looping back and side branches. */
export function bigFlowchart(count: number): FlowchartModel {
  const nodes: FlowchartModel['nodes'] = [{ id: 'n0', label: '开始', shape: 'terminal' }];
  const edges: FlowchartModel['edges'] = [];
  for (let i = 1; i < count - 1; i++) {
    const decision = i % 6 === 0;
    nodes.push({
      id: `n${i}`,
      label: decision ? `第${i}步检查是否合格？` : `${STEPS[i % STEPS.length]}（第${i}项）`,
      shape: decision ? 'decision' : i % 11 === 0 ? 'subprocess' : i % 13 === 0 ? 'data' : 'process',
    });
    edges.push({ from: `n${i - 1}`, to: `n${i}`, label: i % 6 === 1 && i > 1 ? '是' : undefined });
    if (decision && i > 3) edges.push({ from: `n${i}`, to: `n${i - 3}`, label: '否' });
    if (i % 17 === 0 && i > 20) edges.push({ from: `n${i - 20}`, to: `n${i}` });
  }
  nodes.push({ id: `n${count - 1}`, label: '结束', shape: 'terminal' });
  edges.push({ from: `n${count - 2}`, to: `n${count - 1}` });
  return { direction: 'TB', nodes, edges };
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
async function main() {
  const model = bigFlowchart(SMALL ? 60 : 300);
  const times: number[] = [];
  const cpuTimes: number[] = [];
  let size = { width: 0, height: 0 };
  for (let i = 0; i < (SMALL ? 2 : 5); i++) {
    const t = performance.now();
    const c = process.cpuUsage();
    const r = renderDiagram({ kind: 'flowchart', model });
    const used = process.cpuUsage(c);
    times.push(performance.now() - t);
    cpuTimes.push((used.user + used.system) / 1000);
    size = { width: r.width, height: r.height };
  }
  const cold = times[0];
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const medianCpu = median(cpuTimes);
  const t = performance.now();
  const png = await renderDiagramPng({ kind: 'flowchart', model }, { scale: 1 });
  const pngMs = performance.now() - t;

  console.log(
    `diagrams: ${model.nodes.length}-node flowchart (${model.edges.length} edges), layout + SVG, ${size.width}x${size.height} px`,
  );
  console.log(`  cold run      ${cold.toFixed(0)} ms   ratio vs 1 s: ${(cold / ANCHOR_MS).toFixed(2)}`);
  console.log(
    `  median of 5   ${median(times).toFixed(0)} ms   ratio vs 1 s: ${(median(times) / ANCHOR_MS).toFixed(2)}`,
  );
  // CPU time is what the layout itself costs; wall time also counts other processes on a shared machine.
  console.log(
    `  median CPU    ${medianCpu.toFixed(0)} ms   ratio vs 1 s: ${(medianCpu / ANCHOR_MS).toFixed(2)}   (load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores)`,
  );
  console.log(`  PNG (1x, ${png.width}x${png.height})  ${pngMs.toFixed(0)} ms (informational)`);
  if (medianCpu > ANCHOR_MS && !SMALL) process.exitCode = 1;
}
