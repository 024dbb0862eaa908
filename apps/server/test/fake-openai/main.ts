/**
 * The fake OpenAI-compatible server as its own process (for the benchmark and manual runs, so that
 * its pacing does not share an event loop with the server under test). Configuration as JSON in
 * FAKE_OPENAI_CONFIG: { firstTokenDelayMs, tokensPerSecond, charsPerToken, scripts: [{ match, reply }] }
 * (match: a substring of the prompt). Prints `fake-openai listening on <url>`; GET /__requests
 * answers the recorded requests.
 * Run: node --import tsx apps/server/test/fake-openai/main.ts
 */
import { startFakeOpenAi, type FakeOpenAiOptions } from './server.ts';

const cfg = JSON.parse(process.env.FAKE_OPENAI_CONFIG ?? '{}') as FakeOpenAiOptions & {
  scripts?: Array<{ match: string; reply: string }>;
};
const fake = await startFakeOpenAi(cfg);
console.log(`fake-openai listening on ${fake.url}`);
const stop = () => void fake.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
