import type { InterpretationDetail } from '@bid/shared';
import type { TestServer } from './test-server.ts';

/**
 * start-analysis answers at once and the analysis runs as a job: polls the detail until the record
 * is no longer running (or the time is up) and answers it.
 */
export async function waitForInterpretation(
  s: TestServer,
  token: string,
  id: string,
  ms = 60_000,
): Promise<InterpretationDetail> {
  const end = Date.now() + ms;
  for (;;) {
    const r = await s.api.get('/ai/fileInterpretationClient/detail', { id }, { token });
    if (r.body?.code !== 200) throw new Error(`detail answered ${r.status}/${r.body?.code} ${r.body?.msg}`);
    const d = r.body.data as InterpretationDetail;
    if (d.status !== 'running') return d;
    if (Date.now() > end)
      throw new Error(`interpretation ${id} still running after ${ms} ms (progress ${d.progress})`);
    await new Promise((res) => setTimeout(res, 100));
  }
}
