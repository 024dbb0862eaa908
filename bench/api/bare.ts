/**
 * The anchor of bench/api: a bare Fastify app that does the same work as our two routes and
 * nothing else — no schemas, no hooks, no logging, no client check, JSON.stringify answers.
 * Same database file, same driver and dialect (db/database.ts), same SQL (the bid list's two
 * queries, count and page, from our own repository), the same envelope. It knows its one user and
 * token (BENCH_USER, BENCH_TOKEN): finding the session is part of the overhead measured, as the
 * issue's anchor ("bare Fastify running the same two queries") has it.
 * Run by bench/api/run.ts: DATA_DIR=<the benchmark's data dir> node --import tsx bench/api/bare.ts
 */
import Fastify from 'fastify';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import { BidRepo } from '../../apps/server/src/modules/bid/repo.ts';
import { presentListItem } from '../../apps/server/src/modules/bid/service.ts';
import { sql } from 'kysely';
import { makePage } from '@bid/shared';
import { ok } from '../../apps/server/src/http/envelope.ts';
import { APP_VERSION } from '../../apps/server/src/lib/version.ts';

const handle = openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR! });
const actor = JSON.parse(process.env.BENCH_USER!) as { userId: string; tenantId: string; role: string };
const bearer = `bearer ${process.env.BENCH_TOKEN}`;
const bids = new BidRepo(handle.db);
const app = Fastify();

app.get('/api/health', async () => {
  await sql`select 1`.execute(handle.db);
  return ok({ status: 'ok', db: handle.kind, ai: 'offline', version: APP_VERSION });
});

app.post('/api/bid/client/getBidList', async (req, reply) => {
  if (req.headers['blade-auth'] !== bearer)
    return reply.code(401).send({ code: 401, success: false, data: null, msg: '请重新登录' });
  const body = req.body as { current: number; size: number };
  const { total, rows } = await bids.list(actor as never, {
    recycle: false,
    offset: (body.current - 1) * body.size,
    limit: body.size,
  });
  const records = rows.map((r) => presentListItem(r, { name: r.user_name, account: r.user_account }));
  return ok(makePage(records, total, body));
});

const address = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`listening on ${address}`);
process.on(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(() => handle.close())
      .then(() => process.exit(0)),
);
