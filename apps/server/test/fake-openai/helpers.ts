import { clientHeaders, type TestServer } from '../helpers/test-server.ts';
import { analyzeTenderByRules } from '../../src/ai/offline/analyze.ts';
import { fillerText, type FakeOpenAi, type RecordedRequest } from './server.ts';

export interface SseMessage {
  event: string;
  data: any;
  id?: string;
}

/** Reads a `text/event-stream` answer; `onEvent` sees each event as it arrives. */
export async function readSse(res: Response, onEvent?: (e: SseMessage) => void): Promise<SseMessage[]> {
  const out: SseMessage[] = [];
  const reader = res.body!.getReader();
  const dec = new TextDecoder();
  let buf = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buf += dec.decode(value, { stream: true });
    let i: number;
    while ((i = buf.indexOf('\n\n')) >= 0) {
      const block = buf.slice(0, i);
      buf = buf.slice(i + 2);
      const e: Partial<SseMessage> = {};
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) continue;
        const [k, ...rest] = line.split(':');
        const v = rest.join(':').replace(/^ /, '');
        if (k === 'event') e.event = v;
        else if (k === 'data') data.push(v);
        else if (k === 'id') e.id = v;
      }
      if (!data.length) continue;
      const msg: SseMessage = { event: e.event ?? 'message', data: JSON.parse(data.join('\n')), id: e.id };
      out.push(msg);
      onEvent?.(msg);
    }
  }
  return out;
}

/** POST or GET with the client headers asking for a stream. */
export function streamCall(
  s: TestServer,
  token: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${s.baseUrl}/api${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...clientHeaders(),
      'blade-auth': `bearer ${token}`,
      accept: 'text/event-stream',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

function tenderOf(prompt: string): string {
  const m = /<<<\n([\s\S]*?)\n>>>/.exec(prompt);
  return m ? m[1] : prompt;
}

/**
 * Scripts that make the fake server answer our prompts like a capable model: the analysis and the
 * outline come from the rule engine run on the text in the prompt (so that assertions know what to
 * expect), chapters are filler text of the requested length.
 */
export function scriptBidWriter(fake: FakeOpenAi): void {
  fake.script({
    match: '【任务：招标分析】',
    reply: (r: RecordedRequest) => {
      const a = analyzeTenderByRules(tenderOf(r.prompt));
      return JSON.stringify({
        project: a.project,
        scoringMethod: a.scoringMethod,
        qualifications: a.qualifications,
        scoringItems: a.scoringItems.map(({ id: _id, ...rest }) => rest),
        starClauses: a.starClauses,
        disqualifications: a.disqualifications,
        keyDates: a.keyDates,
        mandatedOutline: a.mandatedOutline,
        darkBid: a.darkBid,
      });
    },
  });
  fake.script({
    match: '【任务：生成大纲】',
    reply: (r: RecordedRequest) => {
      // The scoring sheet of the prompt: "- [S1] 技术｜group／name｜10 分｜criteria".
      const items = [
        ...r.prompt.matchAll(/^- \[(S\d+)\] (技术|商务|价格|其他)｜(?:[^｜\n]*／)?([^｜\n]+)｜/gm),
      ].map((m) => ({ id: m[1], cat: m[2], name: m[3] }));
      // The model "forgets" the last item: the server must add it back.
      const kept = items.slice(0, -1);
      const part = (cat: string) =>
        kept
          .filter((i) => i.cat === cat)
          .map((i) => ({
            title: i.name,
            scoringItemIds: [i.id],
            children: [
              { title: '实施方案', children: [] },
              { title: '保障措施', children: [] },
            ],
          }));
      return JSON.stringify({
        chapters: [
          { title: '投标函', children: [] },
          { title: '商务部分', children: part('商务') },
          { title: '技术部分', children: part('技术') },
          {
            title: '报价文件',
            scoringItemIds: kept.filter((i) => i.cat === '价格').map((i) => i.id),
            children: [],
          },
        ],
      });
    },
  });
  fake.script({
    match: '【任务：撰写章节】',
    reply: (r: RecordedRequest) =>
      fillerText(Number(/约 (\d+) 字/.exec(r.prompt)?.[1] ?? 300), r.prompt.slice(-60)),
  });
}
