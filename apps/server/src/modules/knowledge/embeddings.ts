import OpenAI from 'openai';

/** Dense vectors for hybrid ranking; optional (the offline default ranks by BM25 alone). */
export interface Embedder {
  readonly model: string;
  embed(texts: string[]): Promise<number[][]>;
}

/** Any OpenAI-compatible `/embeddings` endpoint. */
export class OpenAiEmbedder implements Embedder {
  private readonly client: OpenAI;

  constructor(
    opts: { baseURL: string; apiKey: string },
    readonly model: string,
  ) {
    this.client = new OpenAI({ baseURL: opts.baseURL, apiKey: opts.apiKey, maxRetries: 1, timeout: 30_000 });
  }

  async embed(texts: string[]): Promise<number[][]> {
    const out: number[][] = [];
    for (let i = 0; i < texts.length; i += 64) {
      const r = await this.client.embeddings.create({
        model: this.model,
        input: texts.slice(i, i + 64).map((t) => t.slice(0, 2000)),
      });
      for (const d of [...r.data].sort((a, b) => a.index - b.index)) out.push(d.embedding);
    }
    return out;
  }
}

export function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}

/** Reciprocal-rank fusion of several rankings (ids best first). */
export function fuse(rankings: string[][], k = 60): Map<string, number> {
  const out = new Map<string, number>();
  for (const list of rankings) list.forEach((id, i) => out.set(id, (out.get(id) ?? 0) + 1 / (k + i + 1)));
  return out;
}
