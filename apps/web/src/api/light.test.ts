import { describe, expect, it } from 'vitest';
import { endpoints } from '@bid/shared';
import { LIGHT_CALLS } from './light.ts';

describe('the landing island calls the endpoint table’s paths', () => {
  it('packages and client config', () => {
    expect(LIGHT_CALLS.packages).toEqual({ method: endpoints.indexShow.method, path: endpoints.indexShow.path });
    expect(LIGHT_CALLS.clientConfig).toEqual({ method: endpoints.clientConfig.method, path: endpoints.clientConfig.path });
  });
});
