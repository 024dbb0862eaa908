import { describe, expect, it } from 'vitest';
import { AiProviderService } from './service.ts';
import type { AiProviderRepo, AiProviderRow } from './repo.ts';
import type { SecretBox } from '../../lib/secret-box.ts';

const row = (baseUrl: string) =>
  ({
    id: 'p1',
    name: 'x',
    base_url: baseUrl,
    api_key_sealed: 'sealed',
    api_key_last4: '1234',
    standard_model: 'm',
    premium_model: 'm',
    concurrency: 1,
    active: 1,
    updated_at: 'now',
  }) as unknown as AiProviderRow;

function service(baseUrl: string, allowPrivate: boolean) {
  const used: unknown[] = [];
  const repo = { active: async () => row(baseUrl) } as unknown as AiProviderRepo;
  const box = { open: () => 'sk-secret' } as unknown as SecretBox;
  const ai = { useTiers: (t: unknown) => used.push(t), ownProviderName: 'offline' as const };
  const log = { info: () => undefined, error: () => undefined };
  return { svc: new AiProviderService(repo, box, ai, log, { allowPrivate }), used };
}

describe('the active provider is checked again when the engine is pointed at it (issue 30, finding 5)', () => {
  it('a provider whose address is private is not used unless the server allows it', async () => {
    const off = service('http://169.254.169.254/v1', false);
    await off.svc.apply();
    expect(off.used).toEqual([null]);
    const on = service('http://169.254.169.254/v1', true);
    await on.svc.apply();
    expect(on.used).toHaveLength(1);
    expect(on.used[0]).toMatchObject({
      standard: { baseURL: 'http://169.254.169.254/v1', apiKey: 'sk-secret' },
    });
  });
});
