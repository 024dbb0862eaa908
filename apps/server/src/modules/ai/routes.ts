import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  aiGenerateCustomizeContentSchema,
  aiGetBidCatalogChildSchema,
  aiGetBidCatalogSchema,
  aiGetBidContentSchema,
  aiGetExpandRangeSchema,
  analyzeBidSchema,
  bidIdBodySchema,
  bidIdQuerySchema,
  cancelWritingResultSchema,
  catalogDetailSchema,
  catalogNodeSchema,
  catalogTreeSchema,
  Code,
  customizeResultSchema,
  DEFAULT_MSG,
  envelopeSchema,
  eventStreamSchema,
  exportJobStartedSchema,
  isWritingSchema,
  tenderAnalysisSchema,
  type WritingEvent,
  type Envelope,
} from '@bid/shared';
import { requireAuth } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { userRoutes } from '../../http/route.ts';
import { AppError } from '../../http/errors.ts';
import type { JobEvent } from '../../jobs/queue.ts';
import { aiFailure, type AiService, type StreamHooks } from './service.ts';
import { clientGone, startSse, wantsSse, type SseWriter } from './sse.ts';
import type { StreamCap } from '../../ai/fair-use.ts';

const tags = ['AI'];

function errorOf(e: unknown): { code: number; msg: string } {
  const err = e instanceof AppError ? e : aiFailure(e);
  return { code: err.code, msg: err.message || DEFAULT_MSG[err.code] || DEFAULT_MSG[Code.SERVER_ERROR] };
}

/**
 * Runs a generation that may stream: with `Accept: text/event-stream` it answers SSE (`delta`
 * {text}, `done` {...}, `error` {code, msg}) once the checks have passed (a failed check still
 * answers the JSON envelope); otherwise the final JSON.
 */
async function streamable<T>(
  req: FastifyRequest,
  reply: FastifyReply,
  run: (hooks: StreamHooks) => Promise<T>,
  doneData: (result: T) => unknown,
): Promise<Envelope<T> | undefined> {
  const signal = clientGone(reply);
  if (!wantsSse(req)) return ok(await run({ signal }));
  let sse: SseWriter | null = null;
  let pending = '';
  let flush: NodeJS.Timeout | null = null;
  const push = () => {
    flush = null;
    if (pending && sse) {
      sse.send('delta', { text: pending });
      pending = '';
    }
  };
  try {
    const result = await run({
      signal,
      onStart: () => {
        sse = startSse(reply);
      },
      onDelta: (text) => {
        // Coalesce tiny chunks a little: fewer writes, the same text.
        pending += text;
        if (!flush) flush = setTimeout(push, 30);
      },
    });
    if (flush) clearTimeout(flush);
    push();
    if (!sse) sse = startSse(reply);
    (sse as SseWriter).send('done', doneData(result));
    (sse as SseWriter).end();
  } catch (e) {
    if (flush) clearTimeout(flush);
    if (!sse) throw e;
    push();
    (sse as SseWriter).send('error', errorOf(e));
    (sse as SseWriter).end();
  }
  // The answer went out as an event stream (the reply is hijacked).
  return undefined;
}

const writingEventsQuery = bidIdQuerySchema;
export function registerAiRoutes(
  app: FastifyInstance,
  service: AiService,
  opts: { eventPollMs?: number; streams?: StreamCap } = {},
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const route = userRoutes(app, tags);

  route.post(
    '/api/ai/client/analyzeBid',
    {
      summary: '解析标书的招标文件并保存（refresh=true 重新解析）',
      input: analyzeBidSchema,
      data: tenderAnalysisSchema,
    },
    (actor, body) => service.analyzeBid(actor, body.bidId, body.refresh ?? false),
  );

  route.post(
    '/api/ai/client/aiGetBidCatalog',
    {
      summary: 'AI 生成大纲（按招标文件章节顺序并覆盖每个评分项；旧大纲保存为版本）',
      input: aiGetBidCatalogSchema,
      data: catalogTreeSchema,
    },
    (actor, body) => service.generateOutline(actor, body),
  );

  route.post(
    '/api/ai/client/aiGetBidCatalogChild',
    { summary: 'AI 生成某章节的下级目录', input: aiGetBidCatalogChildSchema, data: catalogNodeSchema },
    (actor, body) => service.generateChildren(actor, body.catalogId),
  );

  r.post(
    '/api/ai/client/aiGetBidContent',
    {
      schema: {
        tags,
        summary: 'AI 写本章（Accept: text/event-stream 时流式返回 delta/done/error 事件）',
        body: aiGetBidContentSchema,
        response: { 200: envelopeSchema(catalogDetailSchema) },
      },
    },
    async (req, reply) => {
      const owner = requireAuth(req);
      return streamable(
        req,
        reply,
        (hooks) => service.writeChapter(owner, req.body, hooks),
        (chapter) => ({ chapter }),
      );
    },
  );

  r.post(
    '/api/ai/client/aiGenerateCustomizeContent',
    {
      schema: {
        tags,
        summary: '对选中文字改写/扩写/缩写/润色/续写/自定义指令，返回替换选中部分的内容（可流式）',
        body: aiGenerateCustomizeContentSchema,
        response: { 200: envelopeSchema(customizeResultSchema) },
      },
    },
    async (req, reply) => {
      const owner = requireAuth(req);
      return streamable(
        req,
        reply,
        (hooks) => service.customize(owner, req.body, hooks),
        (result) => result,
      );
    },
  );

  route.post(
    '/api/ai/client/aiGetExpandRange',
    {
      summary: '全文写作：立即返回 jobId，后台逐章写作（进行中再次调用返回 10014）',
      input: aiGetExpandRangeSchema,
      data: exportJobStartedSchema,
    },
    (actor, body) => service.startFullText(actor, body),
  );

  route.post(
    '/api/ai/client/isWriting',
    { summary: '全文写作是否进行中及进度', input: bidIdBodySchema, data: isWritingSchema },
    (actor, body) => service.isWriting(actor, body.bidId),
  );

  route.post(
    '/api/ai/client/cancelWriting',
    { summary: '停止全文写作（已写好的章节保留）', input: bidIdBodySchema, data: cancelWritingResultSchema },
    (actor, body) => service.cancelWriting(actor, body.bidId),
  );

  const events = async (req: FastifyRequest, reply: FastifyReply, bidId: string) => {
    const owner = requireAuth(req);
    const job = await service.jobOfBid(owner, bidId);
    // Each open stream polls the events table: a user may hold a few, not hundreds (429 beyond).
    const release = opts.streams?.open(owner.userId) ?? (() => {});
    reply.raw.on('close', release);
    const sse = startSse(reply);
    const state = await service.isWriting(owner, bidId);
    if (!job) {
      sse.send('snapshot', { jobId: null, status: null, done: state.done, total: state.total, chapters: [] });
      sse.end();
      release();
      return reply;
    }
    // Last-Event-ID is `<jobId>:<seq>`; an id of an older job replays the current one from the start.
    const last = String(req.headers['last-event-id'] ?? '');
    const m = /^(\d+):(\d+)$/.exec(last);
    let seq = m && m[1] === job.id ? Number(m[2]) : 0;
    const chapters = await service.jobChapters(job.id);
    sse.send('snapshot', {
      jobId: job.id,
      status: job.status,
      done: state.done,
      total: state.total,
      chapters: chapters.map((c) => ({
        catalogId: c.catalog_id,
        status: c.status,
        engine: c.engine,
        msg: c.error,
      })),
    });
    let finished = false;
    const buffered: JobEvent[] = [];
    let replaying = true;
    const deliver = (e: JobEvent) => {
      if (finished) return;
      if (e.seq === undefined) {
        sse.send(e.type, e.data);
        return;
      }
      if (e.seq <= seq) return;
      seq = e.seq;
      sse.send(e.type, e.data, `${job.id}:${e.seq}`);
      const d = e.data as WritingEvent;
      if (d?.type === 'job' && ['done', 'failed', 'cancelled'].includes(d.status)) finish();
    };
    const unsubscribe = service.queue.events.subscribe(job.id, (e) =>
      replaying ? buffered.push(e) : deliver(e),
    );
    const ping = setInterval(() => sse.comment('ping'), 15_000);
    // Events written by another instance reach this one through the table.
    const poll = setInterval(() => {
      void service.queue.events
        .since(job.id, seq)
        .then((list) => list.forEach(deliver))
        .catch(() => {});
    }, opts.eventPollMs ?? 2_000);
    function finish() {
      if (finished) return;
      finished = true;
      release();
      clearInterval(ping);
      clearInterval(poll);
      unsubscribe();
      sse.end();
    }
    reply.raw.on('close', finish);
    // Replay in pages: a long job logs thousands of events.
    for (;;) {
      const page = await service.queue.events.since(job.id, seq, 1000);
      page.forEach(deliver);
      if (page.length < 1000 || finished) break;
    }
    replaying = false;
    for (const e of buffered.splice(0)) deliver(e);
    // A job that ended before this stream opened (or was cancelled while queued) ends the stream.
    const fresh = await service.queue.get(job.id);
    if (!finished && fresh && ['done', 'failed', 'cancelled'].includes(fresh.status)) {
      const counts = await service.jobCounts(job.id);
      sse.send('job', {
        type: 'job',
        jobId: job.id,
        status: fresh.status,
        done: counts.done,
        failed: counts.failed,
        total: counts.total,
      } satisfies WritingEvent);
      finish();
    }
    return reply;
  };

  r.get(
    '/api/ai/client/writingEvents',
    {
      schema: {
        tags,
        summary: '全文写作进度事件流（SSE，Last-Event-ID 续传）',
        querystring: writingEventsQuery,
        response: { 200: eventStreamSchema },
      },
    },
    async (req, reply) => events(req, reply, req.query.bidId),
  );
  r.post(
    '/api/ai/client/writingEvents',
    {
      schema: {
        tags,
        summary: '同 GET，参数放在请求体',
        body: bidIdBodySchema,
        response: { 200: eventStreamSchema },
      },
    },
    async (req, reply) => events(req, reply, req.body.bidId),
  );
}
