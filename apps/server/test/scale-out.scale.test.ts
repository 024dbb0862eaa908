import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Resvg } from '@resvg/resvg-js';
import { Redis } from 'ioredis';
import { AUTH_LIMITS, TOKEN_COOKIE, type CatalogNode } from '@bid/shared';
import { SessionRepo } from '../src/modules/session/repo.ts';
import { SessionService } from '../src/modules/session/service.ts';
import { clientHeaders } from './helpers/test-server.ts';
import { insertUserWithSession, nextPhone, type TestUser } from './helpers/fixtures.ts';
import { runnerOf, startCluster, type Cluster } from './helpers/two-instances.ts';
import { startFakeOpenAi, type FakeOpenAi } from './fake-openai/server.ts';
import { readSse, scriptBidWriter, type SseMessage } from './fake-openai/helpers.ts';

/**
 * Issue 32's acceptance: two app instances (child processes, as `npm start` runs them) on one
 * PostgreSQL database, one Redis and one S3 bucket, each with its own DATA_DIR, behind a round-robin
 * proxy. What one instance stores or counts, the other sees; a job whose instance dies finishes on
 * the other one.
 */

const fixture = (name: string) =>
  fs.readFileSync(new URL(`../src/ai/fixtures/${name}.txt`, import.meta.url), 'utf8');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let fake: FakeOpenAi;
let cluster: Cluster;

beforeAll(async () => {
  // Each chapter takes about 0.4 s: long enough to kill the job's instance in the middle of it.
  fake = await startFakeOpenAi({ firstTokenDelayMs: 100, tokensPerSecond: 400, charsPerToken: 4 });
  scriptBidWriter(fake);
  cluster = await startCluster({
    AI_STANDARD_BASE_URL: fake.url,
    AI_STANDARD_API_KEY: 'scale-test',
    AI_STANDARD_MODEL: 'fake-scale',
    AI_STANDARD_CONCURRENCY: '2',
    // A dead instance's job is picked up after one lease: 2 s here instead of 30.
    AI_JOB_LEASE_MS: '2000',
    AI_JOB_POLL_MS: '200',
    AI_EVENT_POLL_MS: '500',
    // Each instance serves its metrics on a free port of its own.
    METRICS_PORT: '0',
  });
}, 240_000);

afterAll(async () => {
  await cluster?.close();
  await fake?.close();
}, 60_000);

function newWriter(): Promise<TestUser> {
  const sessions = new SessionService(new SessionRepo(cluster.db.db), 3600);
  return insertUserWithSession(cluster.db.db, sessions, { quota: { bid_number: 5 } });
}

/** Pins a request to one instance through the proxy (`x-backend`). */
const on = (index: number) => ({ 'x-backend': String(index) });

describe('two instances behind a proxy (PostgreSQL, Redis, S3)', () => {
  it('the proxy spreads requests over both instances', async () => {
    const seen = new Set<string | null>();
    for (let k = 0; k < 4; k++) {
      const r = await cluster.api.get('/health');
      expect(r.status).toBe(200);
      seen.add(r.headers.get('x-backend'));
    }
    expect([...seen].sort()).toEqual(['0', '1']);
    const ready = await cluster.api.get('/ready');
    expect(ready.body.data).toMatchObject({ status: 'ready', storage: 's3', queue: 'redis' });
  });

  it('a picture uploaded through A downloads through B, the same bytes and its thumbnail', async () => {
    const user = await newWriter();
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480"><rect width="640" height="480" fill="#1d4ed8"/><circle cx="320" cy="240" r="160" fill="#fff"/></svg>`;
    const png = new Resvg(svg).render().asPng();
    const form = new FormData();
    form.append('name', '两台实例');
    form.append('file', new Blob([new Uint8Array(png)]), 'two.png');
    const up = await fetch(`${cluster.proxy.url}/api/picture/client/upload`, {
      method: 'POST',
      headers: { ...clientHeaders(), 'blade-auth': `bearer ${user.token}`, ...on(0) },
      body: form,
    });
    expect(up.headers.get('x-backend')).toBe('0');
    const item = ((await up.json()) as { data: { url: string; thumbUrl: string } }).data;
    expect(item.url).toBeTruthy();
    const cookie = { cookie: `${TOKEN_COOKIE}=${user.token}` };
    const file = await fetch(`${cluster.proxy.url}${item.url}`, { headers: { ...cookie, ...on(1) } });
    expect(file.headers.get('x-backend')).toBe('1');
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(png)).toBe(true);
    const thumb = await fetch(`${cluster.proxy.url}${item.thumbUrl}`, { headers: { ...cookie, ...on(1) } });
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toMatch(/^image\//);
    // Nothing went to either instance's own disk: the bucket holds it.
    for (const i of cluster.instances)
      expect(fs.existsSync(path.join(i.dataDir, 'pictures')), i.dataDir).toBe(false);
    // Someone else gets nothing through either instance.
    const other = await newWriter();
    const denied = await fetch(`${cluster.proxy.url}${item.url}`, {
      headers: { cookie: `${TOKEN_COOKIE}=${other.token}`, ...on(1) },
    });
    expect(denied.status).not.toBe(200);
  });

  it('the SMS send limits are one limit across both instances; a code sent through A logs in through B', async () => {
    const send = (phone: string, ip: string, headers: Record<string, string> = {}) =>
      cluster.api.post(
        '/blade-system/client/send-validate-not-auth',
        { phone },
        {
          headers: { 'x-forwarded-for': ip, ...headers },
        },
      );
    // One code a minute per phone: the second ask, on the other instance, is refused.
    const phone = nextPhone();
    expect((await send(phone, '10.32.0.1', on(0))).status).toBe(200);
    const again = await send(phone, '10.32.0.2', on(1));
    expect(again.status).toBe(429);
    expect(again.body.msg).toMatch(/^发送过于频繁/);

    // The code A sent (its outbox) is accepted by B.
    const outbox = fs.readFileSync(path.join(cluster.instances[0].dataDir, 'sms-outbox.jsonl'), 'utf8');
    const line = outbox
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { phone: string; code: string })
      .findLast((l) => l.phone === phone)!;
    const login = await cluster.api.call('/blade-auth/oauth/token', undefined, {
      method: 'POST',
      raw: new URLSearchParams({ grant_type: 'sms_code', username: phone, code: line.code }).toString(),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-forwarded-for': '10.32.0.3',
        ...on(1),
      },
    });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    expect(login.body.access_token).toBeTruthy();

    // 30 codes a day per address, counted over both: taken in turn by A and B, the 31st is refused.
    const ip = '10.32.1.1';
    const by = new Set<string | null>();
    for (let k = 0; k < AUTH_LIMITS.smsPerIpPerDay; k++) {
      const r = await send(nextPhone(), ip);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      by.add(r.headers.get('x-backend'));
    }
    expect([...by].sort()).toEqual(['0', '1']);
    for (const k of [0, 1]) {
      const over = await send(nextPhone(), ip, on(k));
      expect(over.status).toBe(429);
      expect(over.body.msg).toMatch(/^获取验证码次数过多/);
    }
  });

  it("a writer's AI slots are one limit over both instances: held on A, the writer's next task waits on B while another writer's runs", async () => {
    // AI_STANDARD_CONCURRENCY=2 leaves one slot per writer (a writer never holds every slot).
    const writer = await newWriter();
    const other = await newWriter();
    const chapterOf = async (user: TestUser, title: string) => {
      const { id: bidId } = await cluster.api
        .post(
          '/bid/client/saveBid',
          { name: title, modelType: 'standard', pageCount: 10 },
          { token: user.token },
        )
        .then((r) => r.body.data as { id: string });
      const r = await cluster.api.post(
        '/catalog/client/bidCatalogSave',
        { bidId, catalogs: [{ title: '技术方案', children: [{ title }] }] },
        { token: user.token },
      );
      return (r.body.data as CatalogNode[])[0].children[0].id;
    };
    const run = Math.random().toString(36).slice(2, 8);
    const held = `甲章节${run}`;
    const queued = `乙章节${run}`;
    const theirs = `丙章节${run}`;
    const [c1, c2, c3] = [
      await chapterOf(writer, held),
      await chapterOf(writer, queued),
      await chapterOf(other, theirs),
    ];
    let release!: () => void;
    fake.fault({ kind: 'hold', until: new Promise<void>((r) => (release = r)), match: held, times: 1 });
    const asked = (title: string) => fake.requests.some((r) => r.prompt.includes(title));
    const write = (user: TestUser, catalogId: string, backend: number) =>
      cluster.api.post(
        '/ai/client/aiGetBidContent',
        { catalogId },
        { token: user.token, headers: on(backend) },
      );

    // A's model call holds the writer's one slot.
    const first = write(writer, c1, 0);
    for (let k = 0; k < 600 && !asked(held); k++) await sleep(50);
    expect(asked(held)).toBe(true);
    const leases = `${cluster.redisPrefix}:fair:{standard}:u:${writer.userId}`;
    const redis = new Redis(process.env.TEST_REDIS_URL!);
    try {
      expect(await redis.zcard(leases)).toBe(1);

      // Through B the writer's next chapter waits; another writer's, asked after it, is written.
      const second = write(writer, c2, 1);
      const third = await write(other, c3, 1);
      expect(third.status, JSON.stringify(third.body)).toBe(200);
      expect(third.headers.get('x-backend')).toBe('1');
      expect(asked(theirs)).toBe(true);
      expect(asked(queued)).toBe(false);
      expect(await redis.zcard(leases)).toBe(1);

      // A's call ends, its lease goes back, and B's waiting chapter is written.
      const releasedAt = Date.now();
      release();
      const [r1, r2] = await Promise.all([first, second]);
      expect(r1.status, JSON.stringify(r1.body)).toBe(200);
      expect(r1.headers.get('x-backend')).toBe('0');
      expect(r2.status, JSON.stringify(r2.body)).toBe(200);
      expect(r2.headers.get('x-backend')).toBe('1');
      // B asked the model for it only once A's call was let go: never two of the writer's at once.
      expect(fake.requests.find((r) => r.prompt.includes(queued))!.at).toBeGreaterThanOrEqual(releasedAt);
      expect(await redis.zcard(leases)).toBe(0);
    } finally {
      release();
      redis.disconnect();
    }
  });

  it(
    '全文写作 runs on one instance and is watched live through the other; SIGKILLed, it finishes there with every chapter written once',
    { timeout: 240_000 },
    async () => {
      const user = await newWriter();
      const data = async (p: string, body: unknown) => {
        const r = await cluster.api.post(p, body, { token: user.token });
        if (r.body?.code !== 200) throw new Error(`${p}: ${r.status} ${JSON.stringify(r.body)}`);
        return r.body.data;
      };
      const { id: bidId } = await data('/bid/client/saveBid', {
        name: '两台实例全文',
        modelType: 'standard',
        pageCount: 10,
        tenderText: fixture('tender-property'),
      });
      const tree: CatalogNode[] = await data('/ai/client/aiGetBidCatalog', { bidId });
      const { jobId } = await data('/ai/client/aiGetExpandRange', { bidId });

      // Whichever instance's worker took the job is "A"; the page watches through the other, "B".
      let a = -1;
      for (let k = 0; k < 300 && a < 0; k++) {
        a = await runnerOf(cluster, jobId);
        if (a < 0) await sleep(50);
      }
      expect(a).toBeGreaterThanOrEqual(0);
      const b = 1 - a;

      let killed = false;
      const liveBeforeKill: SseMessage[] = [];
      const res = await fetch(`${cluster.proxy.url}/api/ai/client/writingEvents?bidId=${bidId}`, {
        headers: {
          ...clientHeaders(),
          'blade-auth': `bearer ${user.token}`,
          accept: 'text/event-stream',
          ...on(b),
        },
      });
      expect(res.headers.get('x-backend')).toBe(String(b));
      expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
      const watched = readSse(res, (e) => {
        if (!killed && e.event === 'delta') liveBeforeKill.push(e);
      });

      // A few chapters done and streamed text seen through B, then A dies without a word.
      let doneBeforeKill: string[] = [];
      for (let k = 0; k < 600; k++) {
        const st: Array<{ id: string; status: string }> = await data('/catalog/client/getBidCatalogStatus', {
          bidId,
        });
        doneBeforeKill = st.filter((x) => x.status === 'done').map((x) => x.id);
        if (doneBeforeKill.length >= 3 && liveBeforeKill.length > 0) break;
        await sleep(100);
      }
      const total = (await data('/ai/client/isWriting', { bidId })).total;
      expect(doneBeforeKill.length).toBeGreaterThanOrEqual(3);
      expect(doneBeforeKill.length).toBeLessThan(total);
      // The chapter text streamed on A reached the page on B live: deltas are never logged (no id),
      // so only the Redis event bus can have carried them.
      expect(liveBeforeKill.length).toBeGreaterThan(0);
      expect(liveBeforeKill.every((e) => e.id === undefined && typeof e.data.text === 'string')).toBe(true);
      expect(await runnerOf(cluster, jobId)).toBe(a);
      killed = true;
      await cluster.instances[a].kill('SIGKILL');
      cluster.proxy.setDown(a);
      const killedAt = Date.now();

      // B's stream carries on to the job's end: the page never reconnected.
      const events = await watched;
      const last = events.filter((e) => e.event === 'job').at(-1)!;
      expect(last.data).toMatchObject({ status: 'done', done: total, total });
      const w = await data('/ai/client/isWriting', { bidId });
      expect(w).toMatchObject({ writing: false, done: total, total });

      // Chapters saved on A were not asked of the model again on B.
      const pathsOf = (nodes: CatalogNode[], trail: string[] = []): Array<[string, string]> =>
        nodes.flatMap((n) => [
          [n.id, [...trail, n.title].join(' > ')] as [string, string],
          ...pathsOf(n.children, [...trail, n.title]),
        ]);
      const paths = new Map(pathsOf(tree));
      const after = fake.requests.filter((r) => r.at > killedAt && r.prompt.includes('【任务：撰写章节】'));
      expect(after.length).toBeGreaterThan(0);
      for (const id of doneBeforeKill)
        expect(
          after.filter((r) => r.prompt.includes(`当前章节：${paths.get(id)}\n`)),
          paths.get(id),
        ).toHaveLength(0);

      const db = cluster.db.db;
      const job = await db.selectFrom('jobs').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();
      expect(job.status).toBe('done');
      expect(job.attempts).toBe(2);
      // The writer's AI slot A held when it died expired (AI_JOB_LEASE_MS) and let B write; nothing
      // of either instance is left held in Redis.
      const redis = new Redis(process.env.TEST_REDIS_URL!);
      try {
        expect(await redis.zcard(`${cluster.redisPrefix}:fair:{standard}:u:${user.userId}`)).toBe(0);
      } finally {
        redis.disconnect();
      }
      const rows = await db.selectFrom('ai_job_chapters').selectAll().where('job_id', '=', jobId).execute();
      expect(rows).toHaveLength(total);
      expect(rows.every((r) => r.status === 'done' && r.version_id)).toBe(true);
      // Exactly one AI version per chapter, and the logged chapter events once each.
      const versions = await db
        .selectFrom('catalog_content_versions')
        .select(['catalog_id', 'source'])
        .where('bid_id', '=', bidId)
        .execute();
      for (const r of rows)
        expect(
          versions.filter((v) => v.catalog_id === r.catalog_id && v.source === 'ai'),
          r.catalog_id,
        ).toHaveLength(1);
      const chapterDone = events.filter((e) => e.event === 'chapter' && e.data.status === 'done');
      expect(chapterDone).toHaveLength(total);
      expect(new Set(chapterDone.map((e) => e.data.catalogId)).size).toBe(total);
    },
  );

  it('/metrics on its own port shows the requests, jobs, queue and SMS counted above; the public port has none', async () => {
    const survivor = cluster.instances.find((i) => i.child.exitCode === null && i.child.signalCode === null)!;
    expect(survivor.metricsUrl).toBeTruthy();
    const res = await fetch(survivor.metricsUrl!);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    const value = (re: RegExp) => {
      const m = new RegExp(`^${re.source} (\\S+)$`, 'm').exec(text);
      return m ? Number(m[1]) : NaN;
    };
    expect(
      value(/bid_http_requests_total\{method="GET",route="\/api\/health",status="200"\}/),
    ).toBeGreaterThan(0);
    expect(
      value(
        /bid_http_requests_total\{method="POST",route="\/api\/blade-system\/client\/send-validate-not-auth",status="429"\}/,
      ),
    ).toBeGreaterThan(0);
    expect(
      value(/bid_http_request_duration_seconds_count\{method="GET",route="\/api\/health"\}/),
    ).toBeGreaterThan(0);
    // Jobs are counted from the shared table: the full text done on either instance shows here.
    expect(value(/bid_jobs\{kind="ai.fulltext",state="done"\}/)).toBe(1);
    expect(value(/bid_queue_jobs\{state="waiting"\}/)).toBe(0);
    // The survivor finished the job the killed instance had begun.
    expect(value(/bid_job_run_seconds_count\{kind="ai.fulltext",outcome="done"\}/)).toBe(1);
    expect(text).toMatch(
      /^bid_model_tokens_total\{model="[^"]+",tier="standard",kind="completion"\} [1-9]\d*$/m,
    );
    expect(value(/bid_sms_sent_total/)).toBeGreaterThan(0);
    expect(value(/bid_sms_limited_total\{rule="ip-day"\}/)).toBeGreaterThan(0);
    expect(text).toMatch(/^bid_process_resident_memory_bytes /m);

    const pub = await fetch(`${cluster.proxy.url}/metrics`);
    expect(await pub.text()).not.toContain('bid_http_requests_total');
  });
});
