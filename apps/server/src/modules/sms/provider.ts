import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { SmsPurpose } from '@bid/shared';
import type { Config } from '../../config/config.ts';
import type { Clock } from '../../http/rate-limit.ts';
import { aliyunTimestamp, canonicalQuery, percentEncode, signRpc } from './aliyun-signature.ts';
import { errorMessage } from '../../lib/unknown.ts';

export interface SmsMessage {
  phone: string;
  code: string;
  purpose: SmsPurpose;
}

/** The edge of the world for SMS: a real gateway in production, an outbox file in development. */
export interface SmsProvider {
  readonly name: string;
  send(msg: SmsMessage): Promise<void>;
}

export class SmsSendError extends Error {
  constructor(
    message: string,
    public readonly providerCode?: string,
  ) {
    super(message);
  }
}

/** SMS_PROVIDER=log: appends `{"phone","code","purpose","at"}` lines to $DATA_DIR/sms-outbox.jsonl (API.md). */
export class LogSmsProvider implements SmsProvider {
  readonly name = 'log';
  readonly file: string;

  constructor(
    dataDir: string,
    private readonly clock: Clock,
  ) {
    this.file = path.join(dataDir, 'sms-outbox.jsonl');
  }

  async send(msg: SmsMessage): Promise<void> {
    const line = JSON.stringify({
      phone: msg.phone,
      code: msg.code,
      purpose: msg.purpose,
      at: new Date(this.clock.now()).toISOString(),
    });
    await fs.mkdir(path.dirname(this.file), { recursive: true });
    await fs.appendFile(this.file, `${line}\n`, 'utf8');
  }
}

export interface AliyunSmsOptions {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
  /** Default https://dysmsapi.aliyuncs.com/ */
  endpoint?: string;
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
}

/** Aliyun SMS (dysmsapi SendSms), signed with the RPC v1 signature; the template has one variable `code`. */
export class AliyunSmsProvider implements SmsProvider {
  readonly name = 'aliyun';

  constructor(private readonly opts: AliyunSmsOptions) {}

  /** The signed form body (exposed for tests). */
  buildBody(msg: SmsMessage, now: Date, nonce: string): string {
    const params: Record<string, string> = {
      AccessKeyId: this.opts.accessKeyId,
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: msg.phone,
      RegionId: 'cn-hangzhou',
      SignName: this.opts.signName,
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: nonce,
      SignatureVersion: '1.0',
      TemplateCode: this.opts.templateCode,
      TemplateParam: JSON.stringify({ code: msg.code }),
      Timestamp: aliyunTimestamp(now),
      Version: '2017-05-25',
    };
    const signature = signRpc('POST', params, this.opts.accessKeySecret);
    return `Signature=${percentEncode(signature)}&${canonicalQuery(params)}`;
  }

  async send(msg: SmsMessage): Promise<void> {
    const doFetch = this.opts.fetchImpl ?? fetch;
    let res: Response;
    try {
      res = await doFetch(this.opts.endpoint ?? 'https://dysmsapi.aliyuncs.com/', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: this.buildBody(msg, new Date(), randomUUID()),
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 10_000),
      });
    } catch (err) {
      throw new SmsSendError(`aliyun sms request failed: ${errorMessage(err)}`);
    }
    const text = await res.text();
    let body: { Code?: string; Message?: string } = {};
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      /* not JSON: reported below */
    }
    if (!res.ok || body.Code !== 'OK') {
      throw new SmsSendError(
        `aliyun sms rejected: HTTP ${res.status} ${body.Code ?? ''} ${body.Message ?? text.slice(0, 200)}`,
        body.Code,
      );
    }
  }
}

export function createSmsProvider(config: Config, clock: Clock): SmsProvider {
  switch (config.SMS_PROVIDER) {
    case 'log':
      return new LogSmsProvider(config.dataDir, clock);
    case 'aliyun':
      return new AliyunSmsProvider({
        accessKeyId: config.SMS_ACCESS_KEY_ID ?? '',
        accessKeySecret: config.SMS_ACCESS_KEY_SECRET ?? '',
        signName: config.SMS_SIGN_NAME ?? '',
        templateCode: config.SMS_TEMPLATE_CODE ?? '',
        endpoint: config.SMS_ENDPOINT,
      });
    default:
      throw new Error(`SMS_PROVIDER=${config.SMS_PROVIDER} is not implemented yet; use aliyun`);
  }
}
