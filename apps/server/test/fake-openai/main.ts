/**
 * The fake OpenAI-compatible server as its own process (for the benchmark and manual runs, so that
 * its pacing does not share an event loop with the server under test). Configuration as JSON in
 * FAKE_OPENAI_CONFIG: { firstTokenDelayMs, tokensPerSecond, charsPerToken, scripts: [{ match, reply }] }
 * (match: a substring of the prompt; reply: a string, or `{ variedChars: n }` for n characters of
 * text that differs with each prompt, as a model's chapters differ). Prints `fake-openai listening on <url>`; GET /__requests
 * answers the recorded requests.
 * Run: node --import tsx apps/server/test/fake-openai/main.ts
 */
import { startFakeOpenAi, variedText, type FakeOpenAiOptions } from './server.ts';

type JsonReply = string | { variedChars: number };
const cfg = JSON.parse(process.env.FAKE_OPENAI_CONFIG ?? '{}') as Omit<FakeOpenAiOptions, 'scripts'> & {
  scripts?: Array<{ match: string; reply: JsonReply }>;
};
const fake = await startFakeOpenAi({
  ...cfg,
  scripts: (cfg.scripts ?? []).map(({ match, reply }) => ({
    match,
    reply: typeof reply === 'string' ? reply : (r) => variedText(reply.variedChars, r.prompt),
  })),
});
console.log(`fake-openai listening on ${fake.url}`);
const stop = () => void fake.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
