import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake OpenAI-compatible server for tests and the benchmark (a test tool, not a product feature):
 * chat completions with streaming SSE, a configurable first-token delay and token rate, scripted
 * replies chosen by matching the prompt, injected 429/500/disconnects, and a record of every
 * request (model included).
 */

export interface RecordedRequest {
  model: string;
  messages: Array<{ role: string; content: string }>;
  stream: boolean;
  json: boolean;
  maxTokens: number | null;
  /** All message contents joined: what scripts and faults match against. */
  prompt: string;
  at: number;
  /** What the server did: 'ok', 'status:429', 'disconnect', ... */
  outcome: string;
  /** The Authorization header (which API key the client sent). */
  authorization?: string;
}

export type Reply = string | ((req: RecordedRequest) => string);

export interface Script {
  match: string | RegExp | ((req: RecordedRequest) => boolean);
  reply: Reply;
  /** How many requests this script answers (default: unlimited). */
  times?: number;
  /** finish_reason to report ('length' plays an answer cut at max_tokens); default 'stop'. */
  finishReason?: string;
}

export type Fault =
  | { kind: 'status'; status: number; retryAfter?: number; match?: Script['match']; times?: number }
  /** Streams `afterTokens` tokens, then destroys the socket. */
  | { kind: 'disconnect'; afterTokens: number; match?: Script['match']; times?: number }
  /** Accepts the request and never answers (for timeouts). */
  | { kind: 'hang'; match?: Script['match']; times?: number }
  /** Answers as usual once `until` resolves: a model call that holds its slot as long as a test needs. */
  | { kind: 'hold'; until: Promise<void>; match?: Script['match']; times?: number };

export interface FakeOpenAiOptions {
  firstTokenDelayMs?: number;
  /** 0 or Infinity: no pacing. */
  tokensPerSecond?: number;
  /** Characters per streamed token. */
  charsPerToken?: number;
  scripts?: Script[];
  /** Reply when no script matches. */
  defaultReply?: Reply;
}

export interface FakeOpenAi {
  /** Base URL to configure as AI_*_BASE_URL (ends with /v1). */
  url: string;
  port: number;
  requests: RecordedRequest[];
  options: Required<Pick<FakeOpenAiOptions, 'firstTokenDelayMs' | 'tokensPerSecond' | 'charsPerToken'>> &
    FakeOpenAiOptions;
  /** Adds a script after the existing ones. */
  script(s: Script): void;
  /** Adds a script that wins over the existing ones. */
  scriptFirst(s: Script): void;
  fault(f: Fault): void;
  /** Requests currently being answered. */
  inFlight(): number;
  close(): Promise<void>;
}

function matches(m: Script['match'] | undefined, r: RecordedRequest): boolean {
  if (m === undefined) return true;
  if (typeof m === 'string') return r.prompt.includes(m);
  if (m instanceof RegExp) return m.test(r.prompt);
  return m(r);
}

/** Deterministic Chinese filler of about `chars` characters, in paragraphs (Markdown). */
export function fillerText(chars: number, seed = ''): string {
  const sentences = [
    '本节围绕项目实际需求展开说明，明确工作目标、实施步骤与责任分工。',
    '我方将建立完善的管理制度，确保各项措施落实到位、过程可追溯。',
    '实施过程中坚持问题导向，定期检查并持续改进，保证交付质量。',
    '针对关键环节制定专项方案，配置专业人员与必要资源，降低实施风险。',
    '各项工作均按照招标文件要求及相关规范执行，并接受采购人的监督检查。',
  ];
  let out = '';
  let i = seed.length % sentences.length;
  let inPara = 0;
  while (out.replace(/\s/g, '').length < chars) {
    out += sentences[i % sentences.length];
    i += 1;
    inPara += 1;
    if (inPara === 4) {
      out += '\n\n';
      inPara = 0;
    }
  }
  return out.trim();
}

/**
 * Deterministic Chinese text of `chars` characters that differs with `seed` in every 8 characters:
 * what a model does for different prompts. Filler repeats its five sentences, so chapters written
 * from it all repeat each other, and the overlap check after 全文写作 rewrites every one of them.
 */
export function variedText(chars: number, seed: string): string {
  // FNV-1a of the seed, then a xorshift stream picking common characters from the filler's own.
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 0x01000193) >>> 0;
  h ||= 1; // xorshift stays at 0 forever
  const pool = Array.from(new Set(Array.from(fillerText(400).replace(/[\s，。、]/g, ''))));
  let out = '';
  for (let i = 0; i < chars; i++) {
    h ^= h << 13;
    h >>>= 0;
    h ^= h >>> 17;
    h ^= h << 5;
    h >>>= 0;
    // A full stop every 20 characters keeps sentences (the writer cuts text at sentence ends).
    out += i % 20 === 19 ? '。' : pool[h % pool.length];
  }
  return out;
}

function defaultReplyFor(r: RecordedRequest): string {
  if (r.json) return '{}';
  const m = /约\s*(\d+)\s*字/.exec(r.prompt);
  return fillerText(m ? Number(m[1]) : 300, r.prompt.slice(0, 40));
}

export async function startFakeOpenAi(opts: FakeOpenAiOptions = {}): Promise<FakeOpenAi> {
  const options = { firstTokenDelayMs: 0, tokensPerSecond: 0, charsPerToken: 2, ...opts };
  const scripts: Script[] = [...(opts.scripts ?? [])];
  const faults: Fault[] = [];
  const requests: RecordedRequest[] = [];
  const sockets = new Set<import('node:net').Socket>();
  let inFlight = 0;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = req.url ?? '';
      if (req.method === 'GET' && url === '/__requests') {
        // Control endpoint for a fake run as its own process (main.ts): what it was asked.
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify(
            requests.map(({ model, stream, json, at, outcome, prompt }) => ({
              model,
              stream,
              json,
              at,
              outcome,
              prompt,
            })),
          ),
        );
        return;
      }
      if (req.method === 'GET' && url.endsWith('/models')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ object: 'list', data: [{ id: 'fake-model', object: 'model' }] }));
        return;
      }
      if (req.method !== 'POST' || !url.endsWith('/chat/completions')) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'not found' } }));
        return;
      }
      let body: any;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'bad json' } }));
        return;
      }
      const messages = Array.isArray(body.messages) ? body.messages : [];
      const rec: RecordedRequest = {
        model: String(body.model ?? ''),
        messages: messages.map((m: any) => ({
          role: String(m.role),
          content: typeof m.content === 'string' ? m.content : JSON.stringify(m.content),
        })),
        stream: body.stream === true,
        json: body.response_format?.type === 'json_object' || body.response_format?.type === 'json_schema',
        maxTokens: typeof body.max_tokens === 'number' ? body.max_tokens : null,
        prompt: messages.map((m: any) => (typeof m.content === 'string' ? m.content : '')).join('\n'),
        at: Date.now(),
        outcome: 'ok',
        authorization: String(req.headers.authorization ?? ''),
      };
      requests.push(rec);
      inFlight += 1;
      res.on('close', () => {
        inFlight -= 1;
      });
      void answer(rec, res);
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });

  function takeFault(r: RecordedRequest): Fault | null {
    for (let i = 0; i < faults.length; i++) {
      const f = faults[i];
      if (!matches(f.match, r)) continue;
      if (f.times !== undefined) {
        f.times -= 1;
        if (f.times <= 0) faults.splice(i, 1);
      }
      return f;
    }
    return null;
  }

  function replyFor(r: RecordedRequest): { text: string; finish: string } {
    for (let i = 0; i < scripts.length; i++) {
      const s = scripts[i];
      if (!matches(s.match, r)) continue;
      if (s.times !== undefined) {
        s.times -= 1;
        if (s.times <= 0) scripts.splice(i, 1);
      }
      return { text: typeof s.reply === 'function' ? s.reply(r) : s.reply, finish: s.finishReason ?? 'stop' };
    }
    const d = options.defaultReply;
    if (d !== undefined) return { text: typeof d === 'function' ? d(r) : d, finish: 'stop' };
    return { text: defaultReplyFor(r), finish: 'stop' };
  }

  async function answer(r: RecordedRequest, res: http.ServerResponse): Promise<void> {
    const fault = takeFault(r);
    if (fault?.kind === 'status') {
      r.outcome = `status:${fault.status}`;
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (fault.retryAfter !== undefined) headers['retry-after'] = String(fault.retryAfter);
      res.writeHead(fault.status, headers);
      res.end(
        JSON.stringify({ error: { message: `injected ${fault.status}`, type: 'fake', code: fault.status } }),
      );
      return;
    }
    if (fault?.kind === 'hang') {
      r.outcome = 'hang';
      return;
    }
    if (fault?.kind === 'hold') {
      r.outcome = 'held';
      await fault.until;
    }
    const { text, finish } = replyFor(r);
    const id = `chatcmpl-fake-${requests.length}`;
    const created = Math.floor(Date.now() / 1000);
    const usage = {
      prompt_tokens: Math.ceil(r.prompt.length / 2),
      completion_tokens: Math.ceil(text.length / options.charsPerToken),
      total_tokens: 0,
    };
    usage.total_tokens = usage.prompt_tokens + usage.completion_tokens;
    if (!r.stream) {
      await delay(options.firstTokenDelayMs);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id,
          object: 'chat.completion',
          created,
          model: r.model,
          choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: finish }],
          usage,
        }),
      );
      return;
    }
    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    const send = (obj: unknown) => res.write(`data: ${JSON.stringify(obj)}\n\n`);
    const chunk = (content: string | null, finish: string | null, withUsage = false) => ({
      id,
      object: 'chat.completion.chunk',
      created,
      model: r.model,
      choices:
        finish === 'usage-only'
          ? []
          : [{ index: 0, delta: content === null ? {} : { content }, finish_reason: finish }],
      ...(withUsage ? { usage } : {}),
    });
    const tokens: string[] = [];
    const chars = Array.from(text);
    for (let i = 0; i < chars.length; i += options.charsPerToken)
      tokens.push(chars.slice(i, i + options.charsPerToken).join(''));
    let closed = false;
    // res 'close' fires when the client goes away (req 'close' fires as soon as the body is read).
    res.on('close', () => {
      closed = true;
    });
    send({
      id,
      object: 'chat.completion.chunk',
      created,
      model: r.model,
      choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }],
    });
    const start = Date.now() + options.firstTokenDelayMs;
    const tps = options.tokensPerSecond;
    const interval = tps && Number.isFinite(tps) ? 1000 / tps : 0;
    for (let i = 0; i < tokens.length; i++) {
      if (closed) return;
      const due = start + i * interval;
      const wait = due - Date.now();
      if (wait > 0) await delay(wait);
      if (closed) return;
      if (fault?.kind === 'disconnect' && i >= fault.afterTokens) {
        r.outcome = 'disconnect';
        // Let the tokens already written reach the client, then cut the connection.
        await delay(30);
        res.socket?.destroy();
        return;
      }
      send(chunk(tokens[i], null));
    }
    if (fault?.kind === 'disconnect') {
      r.outcome = 'disconnect';
      res.socket?.destroy();
      return;
    }
    send(chunk(null, finish));
    send(chunk(null, 'usage-only', true));
    res.write('data: [DONE]\n\n');
    res.end();
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    port,
    requests,
    options,
    script: (s) => scripts.push(s),
    scriptFirst: (s) => scripts.unshift(s),
    fault: (f) => faults.push(f),
    inFlight: () => inFlight,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

function delay(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, Math.max(0, ms)));
}
