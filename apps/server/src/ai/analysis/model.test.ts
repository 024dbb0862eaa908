import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAi, type FakeOpenAi, type RecordedRequest } from '../../../test/fake-openai/server.ts';
import { OpenAiProvider } from '../providers/openai.ts';
import { analyzeTenderByRules } from './index.ts';
import { ANALYSIS_MAX_TOKENS, analyzeWithModel, MAX_TENDER_CHARS } from './model.ts';

/** The model path of the tender analysis against the fake OpenAI server, which checks its prompts. */

let fake: FakeOpenAi;
let provider: OpenAiProvider;
beforeAll(async () => {
  fake = await startFakeOpenAi({ charsPerToken: 50 });
  provider = new OpenAiProvider({
    tiers: {
      standard: { baseURL: fake.url, apiKey: 'k', model: 'm-std', concurrency: 2 },
      premium: { baseURL: fake.url, apiKey: 'k', model: 'm-pre', concurrency: 1 },
    },
    backoffMs: 10,
  });
});
afterAll(async () => {
  await fake?.close();
});

const corpus = (id: string) =>
  fs.readFileSync(new URL(`../../../test/corpus/${id}.txt`, import.meta.url), 'utf8');
const SCORES = [
  ['价格', 30],
  ['项目理解与需求分析', 8],
  ['服务方案', 12],
  ['院感防控措施', 8],
  ['人员配置及管理', 10],
  ['应急预案', 6],
  ['项目经理', 8],
  ['类似项目业绩', 10],
  ['质量管理体系', 4],
  ['服务承诺', 4],
] as const;
const tableOf = (t: string) =>
  t.slice(t.indexOf('第三章 评标方法和评分标准'), t.indexOf('第四章 无效投标情形'));

/** A tender of about 150,000 characters whose scoring chapter lies far past the first 60,000. */
function longTender(): string {
  const t = corpus('t02');
  const cut = t.indexOf('第三章 评标方法和评分标准');
  const filler: string[] = [];
  const pad = corpus('t11')
    .split('\n')
    .filter((l) => l.length > 20 && !/[★▲]|分）|评分|否决|无效|保证金|预算|限价|工期/.test(l));
  for (let n = 0; filler.join('\n').length < 145_000; n++)
    filler.push(`附件${n + 1} 技术资料\n${pad.join('\n')}`);
  return `${t.slice(0, cut)}第二章（补） 项目背景资料\n${filler.join('\n')}\n${t.slice(cut)}`;
}

function modelAnswer(items: ReadonlyArray<readonly [string, number]>): string {
  return JSON.stringify({
    project: { name: '青溪市第三人民医院物业管理服务项目' },
    scoringItems: items.map(([name, points]) => ({
      category: 'technical',
      name,
      points,
      criteria: '模型读出的评分标准',
    })),
    starClauses: [],
    disqualifications: [],
  });
}

describe('tender analysis on the model path', () => {
  it('keeps the scoring table of a 150,000-character tender: sections sent whole, tender first, max_tokens set', async () => {
    const text = longTender();
    expect(text.length).toBeGreaterThan(150_000);
    expect(text.indexOf('院感防控措施')).toBeGreaterThan(MAX_TENDER_CHARS * 2);
    const seen: RecordedRequest[] = [];
    // The fake model answers the items only when its prompt holds the whole scoring table.
    fake.scriptFirst({
      match: (r) => r.prompt.includes('【任务：招标分析】') && r.prompt.includes('青溪市第三人民医院'),
      reply: (r) => {
        seen.push(r);
        return modelAnswer(r.prompt.includes(tableOf(text).trim()) ? SCORES : []);
      },
    });
    const { value } = await analyzeWithModel(provider, text, 'standard');
    expect(seen.some((r) => r.prompt.includes(tableOf(text).trim()))).toBe(true);
    for (const r of seen) {
      expect(r.maxTokens).toBe(ANALYSIS_MAX_TOKENS);
      expect(r.messages[1].content.startsWith('以下是招标文件内容：\n<<<\n')).toBe(true);
      expect(r.messages[1].content.length).toBeLessThan(MAX_TENDER_CHARS + 3_000);
    }
    expect(value.engine).toBe('openai');
    expect(value.scoringItems.map((i) => [i.name, i.points])).toEqual(SCORES.map(([n, p]) => [n, p]));
    expect(
      value.scoringItems.every(
        (i) =>
          i.criteria === '模型读出的评分标准' &&
          i.source &&
          text.slice(i.source.start, i.source.end).includes(i.name),
      ),
    ).toBe(true);
  });

  it('never lowers what the rules found when the answer is cut and the repair is worse', async () => {
    const text = corpus('t05');
    const rules = analyzeTenderByRules(text);
    expect(rules.scoringItems).toHaveLength(10);
    const full = modelAnswer([
      ['磋商报价', 10],
      ['设计方案', 20],
      ['景观设计', 12],
    ]);
    const marker = (r: RecordedRequest) =>
      r.prompt.includes('【任务：招标分析】') && r.prompt.includes('南屏镇文化活动中心');
    fake.scriptFirst({ match: marker, reply: full.slice(0, 120), finishReason: 'length', times: 1 });
    const before = fake.requests.length;
    fake.scriptFirst({ match: (r) => marker(r) && fake.requests.length > before + 1, reply: full, times: 1 });
    const { value } = await analyzeWithModel(provider, text, 'standard');
    const calls = fake.requests.slice(before);
    expect(calls).toHaveLength(2);
    // The repair call says the answer was cut.
    expect(calls[1].prompt).toContain('截断');
    expect(value.scoringItems.map((i) => [i.name, i.points])).toEqual(
      rules.scoringItems.map((i) => [i.name, i.points]),
    );
    expect(value.starClauses.length).toBeGreaterThanOrEqual(rules.starClauses.length);
    expect(value.project.bondAmount).toBe(8000);
  });

  it('fails when every answer is cut, so the caller falls back to the rules', async () => {
    const text = corpus('t07');
    fake.scriptFirst({
      match: (r) => r.prompt.includes('寒山市不动产登记'),
      reply: '{"project": {"name": "寒山',
      finishReason: 'length',
      times: 2,
    });
    await expect(analyzeWithModel(provider, text, 'standard')).rejects.toMatchObject({ kind: 'bad_output' });
  });
});

describe('sections past the budget', () => {
  it('are cut into chunks within the budget that together hold every located section', async () => {
    const { chunksFor, locateSections } = await import('./sections.ts');
    const base = corpus('t04');
    // The scoring chapter grows past the budget: it must be cut at line ends, nothing lost.
    const big = base.replace(
      '第三章 否决投标条款',
      `${'补充说明：评分时应以投标文件载明的内容为准。\n'.repeat(4_000)}第三章 否决投标条款`,
    );
    const sections = locateSections(big, analyzeTenderByRules(big));
    const chunks = chunksFor(big, sections, MAX_TENDER_CHARS);
    expect(chunks.length).toBeGreaterThan(1);
    for (const c of chunks) expect(c.length).toBeLessThanOrEqual(MAX_TENDER_CHARS);
    const joined = chunks.join('\n');
    for (const s of sections)
      for (const line of big
        .slice(s.start, s.end)
        .split('\n')
        .filter((l) => l.trim()))
        expect(joined).toContain(line.trim());
    expect(joined).toContain('安全生产管理的监理工作');
  });
});
