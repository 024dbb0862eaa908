import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_DB, type TestServer } from './helpers/test-server.ts';
import { createUserWithSession, nextPhone } from './helpers/fixtures.ts';

/** METRICS_PORT: Prometheus text on a port of its own; without it, nothing listens for metrics. */

let s: TestServer;
/** A model endpoint that refuses every key: the analysis falls back to the rules, the error is counted. */
let provider: http.Server;
beforeAll(async () => {
  provider = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'Incorrect API key provided', code: 'invalid_api_key' } }));
    });
  });
  await new Promise<void>((r) => provider.listen(0, '127.0.0.1', r));
  s = await startTestServer({
    METRICS_PORT: '0',
    TRUST_PROXY: 'true',
    AI_STANDARD_BASE_URL: `http://127.0.0.1:${(provider.address() as { port: number }).port}/v1`,
    AI_STANDARD_API_KEY: 'sk-metrics-test',
    AI_STANDARD_MODEL: 'metrics-model',
    AI_RETRY_BACKOFF_MS: '1',
  });
});
afterAll(async () => {
  await s?.close();
  await new Promise((r) => provider?.close(r));
});

async function scrape(): Promise<string> {
  const port = s.built.metricsPort();
  expect(port).toBeGreaterThan(0);
  const res = await fetch(`http://127.0.0.1:${port}/metrics`);
  expect(res.status).toBe(200);
  return res.text();
}

function value(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : NaN;
}

describe(`metrics (${TEST_DB})`, () => {
  it('counts requests by route pattern and status, and SMS sent and refused by rule', async () => {
    expect((await s.api.get('/health')).status).toBe(200);
    const phone = nextPhone();
    const send = () =>
      s.api.post(
        '/blade-system/client/send-validate-not-auth',
        { phone },
        { headers: { 'x-forwarded-for': '10.9.9.9' } },
      );
    expect((await send()).status).toBe(200);
    expect((await send()).status).toBe(429);
    // An id in the URL is not a new series: the route's pattern is the label.
    await s.api.get('/picture/client/thumb/123');
    await s.api.get('/picture/client/thumb/456');

    const text = await scrape();
    expect(value(text, 'bid_http_requests_total{method="GET",route="/api/health",status="200"}')).toBe(1);
    expect(
      value(
        text,
        'bid_http_requests_total{method="POST",route="/api/blade-system/client/send-validate-not-auth",status="429"}',
      ),
    ).toBe(1);
    expect(text).not.toMatch(/route="[^"]*\/123"/);
    expect(text).toMatch(
      /bid_http_requests_total\{method="GET",route="\/api\/picture\/client\/thumb\/:id",status="\d+"\} 2/,
    );
    expect(value(text, 'bid_sms_sent_total')).toBe(1);
    expect(value(text, 'bid_sms_limited_total{rule="phone-60s"}')).toBe(1);
  });

  it('shows the jobs table by kind and state and the queue backlog, read at the scrape', async () => {
    const jobs = s.built.ctx.services.jobs;
    const before = value(await scrape(), 'bid_queue_jobs{state="waiting"}');
    // A kind no worker runs stays queued: the backlog a scrape must show.
    await jobs.enqueue('metrics.probe', {});
    const text = await scrape();
    expect(value(text, 'bid_jobs{kind="metrics.probe",state="queued"}')).toBe(1);
    expect(value(text, 'bid_queue_jobs{state="waiting"}')).toBe(before + 1);
  });

  it('counts failed model calls by model and kind', async () => {
    const u = await createUserWithSession(s);
    const saved = await s.api.post(
      '/bid/client/saveBid',
      {
        name: '指标',
        modelType: 'standard',
        pageCount: 20,
        tenderText: '项目名称：指标项目\n评分标准：技术方案 60 分',
      },
      { token: u.token },
    );
    expect(saved.status).toBe(200);
    expect(
      (await s.api.post('/ai/client/analyzeBid', { bidId: saved.body.data.id }, { token: u.token })).status,
    ).toBe(200);
    expect(await scrape()).toMatch(
      /^bid_model_errors_total\{model="metrics-model",kind="[a-z_]+"\} [1-9]\d*$/m,
    );
  });

  it('answers nothing but GET /metrics on that port, and the public port has no /metrics', async () => {
    const port = s.built.metricsPort();
    expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
    const pub = await fetch(`${s.baseUrl}/metrics`);
    expect(await pub.text()).not.toContain('bid_http_requests_total');
  });
});
