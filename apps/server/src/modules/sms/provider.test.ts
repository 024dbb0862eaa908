import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AliyunSmsProvider, LogSmsProvider, SmsSendError } from './provider.ts';
import { signRpc } from './aliyun-signature.ts';

const opts = {
  accessKeyId: 'LTAI-id',
  accessKeySecret: 'key-secret',
  signName: '标书AI',
  templateCode: 'SMS_123',
};

function fakeFetch(answer: { status?: number; body: string }) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const f = (async (url: string | URL, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    return new Response(answer.body, { status: answer.status ?? 200 });
  }) as typeof fetch;
  return { f, calls };
}

describe('Aliyun SMS provider', () => {
  it('posts a signed SendSms form whose signature verifies', async () => {
    const { f, calls } = fakeFetch({
      body: JSON.stringify({ Code: 'OK', Message: 'OK', BizId: '1', RequestId: 'r' }),
    });
    await new AliyunSmsProvider({ ...opts, fetchImpl: f, endpoint: 'https://sms.example/' }).send({
      phone: '13800000000',
      code: '123456',
      purpose: 'login',
    });
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe('https://sms.example/');
    expect(calls[0].init.method).toBe('POST');
    const params = Object.fromEntries(new URLSearchParams(String(calls[0].init.body)));
    expect(params).toMatchObject({
      AccessKeyId: 'LTAI-id',
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: '13800000000',
      SignName: '标书AI',
      TemplateCode: 'SMS_123',
      TemplateParam: '{"code":"123456"}',
      SignatureMethod: 'HMAC-SHA1',
      SignatureVersion: '1.0',
      Version: '2017-05-25',
    });
    expect(params.Timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    const { Signature, ...rest } = params;
    expect(Signature).toBe(signRpc('POST', rest, 'key-secret'));
  });

  it('throws on a refusal or a broken answer', async () => {
    const refused = fakeFetch({
      body: JSON.stringify({ Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发分钟级流控' }),
    });
    await expect(
      new AliyunSmsProvider({ ...opts, fetchImpl: refused.f }).send({
        phone: '13800000000',
        code: '1',
        purpose: 'login',
      }),
    ).rejects.toBeInstanceOf(SmsSendError);
    const broken = fakeFetch({ status: 502, body: '<html>bad gateway</html>' });
    await expect(
      new AliyunSmsProvider({ ...opts, fetchImpl: broken.f }).send({
        phone: '13800000000',
        code: '1',
        purpose: 'login',
      }),
    ).rejects.toThrow(/HTTP 502/);
    const down = (async () => {
      throw new TypeError('fetch failed');
    }) as typeof fetch;
    await expect(
      new AliyunSmsProvider({ ...opts, fetchImpl: down }).send({
        phone: '13800000000',
        code: '1',
        purpose: 'login',
      }),
    ).rejects.toThrow(/request failed/);
  });
});

describe('log SMS provider', () => {
  it('appends one JSON line per message to $DATA_DIR/sms-outbox.jsonl', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sms-log-'));
    try {
      const p = new LogSmsProvider(dir, { now: () => Date.parse('2025-01-02T03:04:05.000Z') });
      await p.send({ phone: '13800000000', code: '123456', purpose: 'login' });
      await p.send({ phone: '13900000000', code: '654321', purpose: 'bind-phone' });
      const lines = fs.readFileSync(path.join(dir, 'sms-outbox.jsonl'), 'utf8').trim().split('\n');
      expect(lines.map((l) => JSON.parse(l))).toEqual([
        { phone: '13800000000', code: '123456', purpose: 'login', at: '2025-01-02T03:04:05.000Z' },
        { phone: '13900000000', code: '654321', purpose: 'bind-phone', at: '2025-01-02T03:04:05.000Z' },
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
