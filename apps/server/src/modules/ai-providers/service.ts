import type { AiProviderItem, AiProviderList, AiProviderSaveInput } from '@bid/shared';
import type { Logger } from 'pino';
import type { AiSetup } from '../../ai/index.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import { privateAddressProblem, type Resolver } from '../../lib/net-guard.ts';
import type { Actor } from '../../policy/actor.ts';
import { AiProviderRepo, type AiProviderRow } from './repo.ts';

const NOT_FOUND = 'AI 服务商不存在';

/** What an operator whose self-hosted model runs in the private network has to do. */
export const PRIVATE_HINT =
  '为防止 API Key 被发往本机、内网或云服务器元数据地址，默认只允许公网地址；如需使用部署在内网的自建模型，请由服务器管理员设置环境变量 AI_PROVIDER_ALLOW_PRIVATE=on 并重启服务。';

function present(r: AiProviderRow): AiProviderItem {
  return {
    id: r.id,
    name: r.name,
    baseUrl: r.base_url,
    keyHint: `****${r.api_key_last4}`,
    standardModel: r.standard_model,
    premiumModel: r.premium_model,
    concurrency: r.concurrency,
    active: r.active === 1,
    updateTime: r.updated_at,
  };
}

/**
 * OpenAI-compatible providers set by operators. The API key is sealed before it is stored and
 * opened only to build the model client; no answer carries it (only its last 4 characters) and
 * nothing logs it. Activating one switches the AI engine at once (AiSetup.useTiers).
 */
export class AiProviderService {
  /** What the engine was last pointed at (id and update time), to rebuild only on a change. */
  private applied: string | null = null;

  constructor(
    private readonly repo: AiProviderRepo,
    private readonly box: SecretBox,
    private readonly ai: Pick<AiSetup, 'useTiers' | 'ownProviderName'>,
    private readonly log: Pick<Logger, 'info' | 'error'>,
    private readonly net: { allowPrivate: boolean; resolve?: Resolver } = { allowPrivate: false },
  ) {}

  /** Why the engine must not call `url` (loopback, private, link-local, metadata), or null. */
  private async addressProblem(url: string): Promise<string | null> {
    if (this.net.allowPrivate) return null;
    return privateAddressProblem(url, this.net.resolve);
  }

  async list(): Promise<AiProviderList> {
    const rows = await this.repo.list();
    const active = rows.some((r) => r.active === 1);
    return {
      providers: rows.map(present),
      inUse: active ? 'console' : this.ai.ownProviderName === 'openai' ? 'env' : 'offline',
    };
  }

  async save(actor: Actor, input: AiProviderSaveInput): Promise<AiProviderItem> {
    const problem = await this.addressProblem(input.baseUrl);
    if (problem) throw badRequest(`${problem}，已拒绝。${PRIVATE_HINT}`);
    const now = nowIso();
    const key = input.apiKey?.trim() ?? '';
    const fields = {
      name: input.name,
      base_url: input.baseUrl.replace(/\/+$/, ''),
      standard_model: input.standardModel,
      premium_model: input.premiumModel,
      concurrency: input.concurrency,
      updated_at: now,
    };
    let id = input.id;
    if (!id) {
      if (!key) throw badRequest('请填写 API Key');
      id = newId();
      await this.repo.insert({
        id,
        ...fields,
        api_key_sealed: this.box.seal(key),
        api_key_last4: key.slice(-4),
        active: 0,
        created_by: actor.userId,
        created_at: now,
      });
    } else {
      const sealed = key ? { api_key_sealed: this.box.seal(key), api_key_last4: key.slice(-4) } : {};
      if (!(await this.repo.update(id, { ...fields, ...sealed }))) throw notFound(NOT_FOUND);
    }
    const row = (await this.repo.find(id))!;
    this.log.info({ providerId: id, operator: actor.userId, keyChanged: Boolean(key) }, 'ai provider saved');
    // Editing the active provider changes what the engine uses now.
    if (row.active === 1) await this.apply();
    return present(row);
  }

  async activate(actor: Actor, id: string | null): Promise<AiProviderList> {
    if (!(await this.repo.activate(id, nowIso()))) throw notFound(NOT_FOUND);
    this.log.info({ providerId: id, operator: actor.userId }, 'ai provider activated');
    await this.apply();
    return this.list();
  }

  async remove(actor: Actor, id: string): Promise<AiProviderList> {
    if (!(await this.repo.remove(id))) throw notFound(NOT_FOUND);
    this.log.info({ providerId: id, operator: actor.userId }, 'ai provider removed');
    await this.apply();
    return this.list();
  }

  /**
   * Points the engine at the active provider, or back to the server's own: at start, after each change,
   * and every few seconds (start.ts), so a switch made on another server sharing the database reaches this one.
   */
  async apply(): Promise<void> {
    const row = await this.repo.active();
    const fingerprint = row ? `${row.id}@${row.updated_at}` : '';
    if (fingerprint === this.applied) return;
    this.applied = fingerprint;
    if (!row) {
      this.ai.useTiers(null);
      return;
    }
    // Checked again here: a name that resolved to a public address when saved may not any more.
    const problem = await this.addressProblem(row.base_url);
    if (problem) {
      this.log.error(
        { providerId: row.id, problem },
        'ai provider address refused; using the server settings',
      );
      this.ai.useTiers(null);
      return;
    }
    let apiKey: string;
    try {
      apiKey = this.box.open(row.api_key_sealed);
    } catch {
      // Sealed under another SECRET_KEY: the server keeps its own engine rather than failing every task.
      this.log.error(
        { providerId: row.id },
        'ai provider key cannot be opened (SECRET_KEY changed?); using the server settings',
      );
      this.ai.useTiers(null);
      return;
    }
    const tier = (model: string) => ({ baseURL: row.base_url, apiKey, model, concurrency: row.concurrency });
    this.ai.useTiers({ standard: tier(row.standard_model), premium: tier(row.premium_model) });
  }
}
