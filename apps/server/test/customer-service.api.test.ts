import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_DB, type TestServer } from './helpers/test-server.ts';
import { client } from './catalog-helpers.ts';
import { createUserWithSession } from './helpers/fixtures.ts';

/** The customer-service channel comes from configuration; a user without quota is sent there. */
describe(`customer service from configuration (${TEST_DB})`, () => {
  let s: TestServer;
  let bare: TestServer;
  beforeAll(async () => {
    s = await startTestServer({
      CUSTOMER_SERVICE_PHONE: '0571-8888 6666',
      CUSTOMER_SERVICE_WECHAT: 'bid-service',
      CUSTOMER_SERVICE_HOURS: '每天 8:00–20:00',
    });
    bare = await startTestServer();
  });
  afterAll(async () => {
    await s?.close();
    await bare?.close();
  });

  it('getClientConfig answers the configured channel, and nothing made up when none is set', async () => {
    const r = await s.api.post('/common/client/getClientConfig', {});
    expect(r.body.data.customerService).toEqual({
      phone: '0571-8888 6666',
      wechat: 'bid-service',
      hours: '每天 8:00–20:00',
    });
    const none = await bare.api.post('/common/client/getClientConfig', {});
    expect(none.body.data.customerService.phone).toBe('');
    expect(none.body.data.customerService.wechat).toBe('');
  });

  it('a user with no quota is told to contact customer service', async () => {
    const c = client(
      s,
      await createUserWithSession(s, {
        quota: { month_bid_number: 0, temporary_bid_number: 0, grant_bid_number: 0, bid_number: 0 },
      }),
    );
    const r = await c.call('/bid/client/saveBid', { name: '无额度', modelType: 'standard' });
    expect(r.code).toBe(601);
    expect(r.msg).toContain('联系客服');
  });
});
