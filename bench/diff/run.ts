/**
 * Benchmark: 查重 text comparison of two 300,000-character bids (normalisation, winnowing and
 * alignment of both, as the comparison job runs them) with 30 paragraphs of the first planted in
 * the second (exact, repunctuated, 10 % of characters changed, in another order). The anchor is
 * the goal of issue 16: under 1 s. Prints time / 1 s per run, the median and spread, and the
 * memory the comparison takes at three input sizes (each measured in a fresh process).
 * Run: node --import tsx bench/diff/run.ts
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { indexFingerprints } from '../../apps/server/src/diff/align.ts';
import { comparePair, prepare } from '../../apps/server/src/diff/compare.ts';
import { bidText, mutate, repunctuate } from '../../apps/server/src/diff/testing.ts';

/** BENCH_SMALL=1: a short run that only shows the benchmark still works (CI); no goal checked. */
const SMALL = Boolean(process.env.BENCH_SMALL);
const GOAL_MS = 1000;
const RUNS = SMALL ? 1 : 7;
const CHARS = SMALL ? 30_000 : 300_000;

function pairOf(chars: number): { a: string; b: string; planted: string[] } {
  const own = bidText(1001, chars);
  const other = bidText(1002, chars);
  const planted: string[] = [];
  const b = [...other];
  // Every tenth paragraph of the first ten per cent, in reverse order, spread over the second text.
  const kinds = [(p: string) => p, repunctuate, (p: string) => mutate(p, 0.1, planted.length)];
  for (let i = 0; i < 30; i++) {
    const src = own[(29 - i) * 3];
    const copy = kinds[i % 3](src);
    planted.push(src);
    b.splice(Math.floor(((i + 1) * b.length) / 31), 0, copy);
  }
  return { a: own.join('\n').slice(0, chars), b: b.join('\n').slice(0, chars + 40_000), planted };
}

function compareOnce(a: string, b: string) {
  const pa = prepare({ key: 'A', text: a }, null);
  const pb = prepare({ key: 'B', text: b }, null);
  return comparePair(pa, pb, null);
}

/**
 * Child mode: memory held by one comparison's working set at this size (both texts normalised with
 * their position maps, the fingerprints and the hash index of the second), measured after a full GC
 * so that the figure does not depend on when the collector last ran.
 */
function child(chars: number) {
  const { a, b } = pairOf(chars);
  const used = () => {
    global.gc!();
    const m = process.memoryUsage();
    return m.heapUsed + m.external;
  };
  const before = used();
  const pa = prepare({ key: 'A', text: a }, null);
  const pb = prepare({ key: 'B', text: b }, null);
  const index = indexFingerprints(pb.fp);
  const after = used();
  const result = comparePair(pa, pb, null);
  process.stdout.write(
    JSON.stringify({
      chars,
      mb: (after - before) / 1048576,
      passages: result.passages.length,
      held: index.size > 0,
    }),
  );
}

function main() {
  const { a, b, planted } = pairOf(CHARS);
  console.log(
    `inputs: ${a.length.toLocaleString()} and ${b.length.toLocaleString()} characters, ${planted.length} planted paragraphs`,
  );
  compareOnce(a, b); // warm-up (JIT, the punctuation table)
  const times: number[] = [];
  let found = 0;
  for (let r = 0; r < RUNS; r++) {
    const t = performance.now();
    const res = compareOnce(a, b);
    const ms = performance.now() - t;
    times.push(ms);
    // A planted paragraph is found when passages cover at least 80 % of it.
    found = planted.filter((p) => {
      const at = a.indexOf(p);
      let covered = 0;
      for (let i = at; i < at + p.length; i++)
        if (res.passages.some((x) => x.aStart <= i && i < x.aEnd)) covered++;
      return covered >= 0.8 * p.length;
    }).length;
    console.log(
      `run ${r + 1}: ${ms.toFixed(0)} ms, ratio ${(ms / GOAL_MS).toFixed(2)}, ${res.passages.length} passages, score ${res.score}`,
    );
  }
  const sorted = [...times].sort((x, y) => x - y);
  const median = sorted[Math.floor(sorted.length / 2)];
  console.log(
    `median ${median.toFixed(0)} ms (spread ${sorted[0].toFixed(0)}–${sorted[sorted.length - 1].toFixed(0)} ms), ratio to 1 s: ${(median / GOAL_MS).toFixed(2)}; planted found: ${found}/${planted.length}`,
  );

  const self = fileURLToPath(import.meta.url);
  const mem = (SMALL ? [15_000, 30_000, 60_000] : [150_000, 300_000, 600_000]).map(
    (n) =>
      JSON.parse(
        execFileSync(process.execPath, ['--import', 'tsx', '--expose-gc', self, '--child', String(n)], {
          encoding: 'utf8',
        }),
      ) as { chars: number; mb: number },
  );
  for (const m of mem)
    console.log(
      `working set at ${m.chars.toLocaleString()} characters per bid: ${m.mb.toFixed(1)} MB (${((m.mb * 1048576) / m.chars).toFixed(0)} bytes per character)`,
    );
  const growth = mem[2].mb / Math.max(1, mem[1].mb);
  console.log(`memory 600k / 300k: ${growth.toFixed(2)} (linear: 2.0)`);
  if ((median > GOAL_MS || found < planted.length || growth > 2.6) && !SMALL) process.exit(1);
}

const i = process.argv.indexOf('--child');
if (i > 0) child(Number(process.argv[i + 1]));
else main();
