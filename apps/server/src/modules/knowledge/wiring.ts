import type { Config } from '../../config/config.ts';
import type { FileService } from '../file/service.ts';
import { OpenAiEmbedder, type Embedder } from './embeddings.ts';
import type { KnowledgeFileSource } from './service.ts';

/** Uploaded files (file/client/uploadTender) as the knowledge base reads them: text and headings. */
export function fileSourceOf(files: FileService): KnowledgeFileSource {
  return {
    async fileOf(owner, id) {
      const row = await files.repo.findOwned(owner, id);
      if (!row) return null;
      let headings: Array<{ level: number; text: string }> = [];
      try {
        headings = row.headings ? (JSON.parse(row.headings) as typeof headings) : [];
      } catch {
        headings = [];
      }
      return { name: row.name, kind: row.kind, text: row.text, headings };
    },
  };
}

/** The embedder for hybrid ranking: AI_EMBEDDING_MODEL on the standard tier's endpoint, else none. */
export function embedderOf(config: Config): Embedder | null {
  const env: Record<string, unknown> = config;
  const model = config.AI_EMBEDDING_MODEL;
  const baseURL = env.AI_STANDARD_BASE_URL;
  if (!model || typeof baseURL !== 'string' || !baseURL) return null;
  const apiKey = env.AI_STANDARD_API_KEY;
  return new OpenAiEmbedder(
    { baseURL, apiKey: typeof apiKey === 'string' && apiKey ? apiKey : 'not-needed' },
    model,
  );
}
