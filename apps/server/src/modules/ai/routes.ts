import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SessionActor } from '../../policy/actor.ts';
import { Code, DEFAULT_MSG, endpoints, type Envelope } from '@bid/shared';
import { ok } from '../../http/envelope.ts';
import { userRoutes } from '../../http/route.ts';
import { AppError } from '../../http/errors.ts';
import type { JobEventStreams } from '../../jobs/event-stream.ts';
import { aiFailure, type AiService, type StreamHooks } from './service.ts';
import { clientGone, type SseWriter, startSse, wantsSse } from '../../http/sse.ts';
import type { StreamLimit } from '../../ai/fair-use.ts';

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
  // Opened by the callbacks below (a holder, so that its type is not narrowed to its first value).
  const stream: { sse: SseWriter | null } = { sse: null };
  let pending = '';
  let flush: NodeJS.Timeout | null = null;
  const push = () => {
    flush = null;
    if (pending && stream.sse) {
      stream.sse.send('delta', { text: pending });
      pending = '';
    }
  };
  try {
    const result = await run({
      signal,
      onStart: () => {
        stream.sse = startSse(reply);
      },
      onDelta: (text) => {
        // Coalesce tiny chunks a little: fewer writes, the same text.
        pending += text;
        if (!flush) flush = setTimeout(push, 30);
      },
    });
    if (flush) clearTimeout(flush);
    push();
    const sse = stream.sse ?? startSse(reply);
    sse.send('done', doneData(result));
    sse.end();
  } catch (e) {
    if (flush) clearTimeout(flush);
    const sse = stream.sse;
    if (!sse) throw e;
    push();
    sse.send('error', errorOf(e));
    sse.end();
  }
  // The answer went out as an event stream (the reply is hijacked).
  return undefined;
}

export function registerAiRoutes(
  app: FastifyInstance,
  service: AiService,
  streams: JobEventStreams,
  opts: { streams?: StreamLimit } = {},
): void {
  const route = userRoutes(app, tags);

  route(endpoints.analyzeBid, '解析标书的招标文件并保存（refresh=true 重新解析）', (actor, body) =>
    service.analyzeBid(actor, body.bidId, body.refresh ?? false),
  );

  route(
    endpoints.aiGetBidCatalog,
    'AI 生成大纲（按招标文件章节顺序并覆盖每个评分项；旧大纲保存为版本）',
    (actor, body) => service.generateOutline(actor, body),
  );

  route(
    endpoints.replanBidCatalog,
    '按修改后的评分项调整大纲：已写内容的章节保留，新评分项增加章节，已删除评分项的章节有内容时标记、无内容时删除（旧大纲保存为版本）',
    (actor, body) => service.replanOutline(actor, body.bidId),
  );

  route(endpoints.aiGetBidCatalogChild, 'AI 生成某章节的下级目录', (actor, body) =>
    service.generateChildren(actor, body.catalogId),
  );

  route.send(
    endpoints.aiGetBidContent,
    'AI 写本章（Accept: text/event-stream 时流式返回 delta/done/error 事件）',
    (actor, body, req, reply) =>
      streamable(
        req,
        reply,
        (hooks) => service.writeChapter(actor, body, hooks),
        (chapter) => ({ chapter }),
      ),
  );

  route.send(
    endpoints.aiGenerateCustomizeContent,
    '对选中文字改写/扩写/缩写/润色/续写/自定义指令，返回替换选中部分的内容（可流式）',
    (actor, body, req, reply) =>
      streamable(
        req,
        reply,
        (hooks) => service.customize(actor, body, hooks),
        (result) => result,
      ),
  );

  route(
    endpoints.aiGetExpandRange,
    '全文写作：立即返回 jobId，后台逐章写作（进行中再次调用返回 10014）',
    (actor, body) => service.startFullText(actor, body),
  );

  route(endpoints.isWriting, '全文写作是否进行中及进度', (actor, body) =>
    service.isWriting(actor, body.bidId),
  );

  route(endpoints.cancelWriting, '停止全文写作（已写好的章节保留）', (actor, body) =>
    service.cancelWriting(actor, body.bidId),
  );

  const events = async (owner: SessionActor, req: FastifyRequest, reply: FastifyReply, bidId: string) => {
    const feed = await service.writingFeed(owner, bidId);
    // Each open stream polls the events table: a user may hold a few, not hundreds (429 beyond).
    const release = opts.streams ? await opts.streams.open(owner.userId) : () => {};
    const sse = startSse(reply);
    await streams.follow(sse, feed, String(req.headers['last-event-id'] ?? ''), release);
    return reply;
  };

  route.send(
    endpoints.writingEventsGet,
    '全文写作进度事件流（SSE，Last-Event-ID 续传）',
    (actor, q, req, reply) => events(actor, req, reply, q.bidId),
  );
  route.send(endpoints.writingEvents, '同 GET，参数放在请求体', (actor, body, req, reply) =>
    events(actor, req, reply, body.bidId),
  );
}
