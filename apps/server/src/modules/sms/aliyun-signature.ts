import { createHmac } from 'node:crypto';

/**
 * Aliyun RPC API signature, version 1.0 (HMAC-SHA1), as the SMS API (dysmsapi, SendSms) requires.
 * Done here rather than with Aliyun's SDK: one small function, no extra dependency.
 */

/** RFC 3986 encoding as Aliyun defines it: space -> %20, * -> %2A, ~ kept; also ! ' ( ). */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** Parameters sorted by name, each name and value percent-encoded, joined with &. */
export function canonicalQuery(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((k) => k !== 'Signature')
    .sort()
    .map((k) => `${percentEncode(k)}=${percentEncode(params[k])}`)
    .join('&');
}

export function stringToSign(method: 'GET' | 'POST', params: Record<string, string>): string {
  return `${method}&${percentEncode('/')}&${percentEncode(canonicalQuery(params))}`;
}

/** Base64 HMAC-SHA1 of the string to sign with the key `AccessKeySecret&`. */
export function signRpc(
  method: 'GET' | 'POST',
  params: Record<string, string>,
  accessKeySecret: string,
): string {
  return createHmac('sha1', `${accessKeySecret}&`).update(stringToSign(method, params)).digest('base64');
}

/** Aliyun wants the timestamp in UTC without milliseconds: 2017-07-12T02:42:19Z. */
export function aliyunTimestamp(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}
