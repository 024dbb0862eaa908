/** Validation and formatting rules of SPEC section 5, shared by server and web. */

/** Mainland mobile number: 11 digits, starting with 1, second digit 3 to 9. */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;

export function isPhone(value: unknown): value is string {
  return typeof value === 'string' && PHONE_PATTERN.test(value);
}

/** `13800000000` -> `138****0000`; anything that is not a phone is returned unchanged. */
export function maskPhone(value: string | null | undefined): string {
  if (!value) return '';
  if (!/^\d{11}$/.test(value)) return value;
  return `${value.slice(0, 3)}****${value.slice(7)}`;
}

/** Money shown with two decimals; input in yuan (number or numeric string). */
export function formatMoney(value: number | string | null | undefined): string {
  const n = typeof value === 'string' ? Number(value) : (value ?? 0);
  if (!Number.isFinite(n)) return '0.00';
  return (Math.round(n * 100) / 100).toFixed(2);
}

/** Integer fen (database) -> decimal yuan string with two places (API answers). */
export function fenToYuan(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(fen));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Accepts a Date, an ISO string, a 10-digit number of seconds or a 13-digit number of ms
 * (SPEC section 5: 10-digit timestamps are seconds) and returns a Date, or null when invalid.
 */
export function toDate(value: Date | string | number | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  let v: string | number = value;
  if (typeof v === 'string' && /^\d+$/.test(v)) v = Number(v);
  if (typeof v === 'number') {
    const ms = String(Math.trunc(Math.abs(v))).length === 10 ? v * 1000 : v;
    const d = new Date(ms);
    return Number.isNaN(d.getTime()) ? null : d;
  }
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? null : d;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** `YYYY-MM-DD HH:mm:ss` (or a custom pattern with those tokens) in local time. */
export function formatTime(
  value: Date | string | number | null | undefined,
  pattern = 'YYYY-MM-DD HH:mm:ss',
): string {
  const d = toDate(value);
  if (!d) return '';
  return pattern
    .replace('YYYY', String(d.getFullYear()))
    .replace('MM', pad(d.getMonth() + 1))
    .replace('DD', pad(d.getDate()))
    .replace('HH', pad(d.getHours()))
    .replace('mm', pad(d.getMinutes()))
    .replace('ss', pad(d.getSeconds()));
}

/** The page-not-found message of SPEC section 5. */
export function pageNotFoundMessage(fullPath: string): string {
  return `Page Not Found: ${fullPath}`;
}

/** Characters that count as words in a Chinese bid: CJK characters plus Latin words and numbers. */
export function countWords(text: string): number {
  if (!text) return 0;
  const cjk = text.match(/[\u3400-\u9fff\uf900-\ufaff]/g)?.length ?? 0;
  const latin =
    text.replace(/[\u3400-\u9fff\uf900-\ufaff]/g, ' ').match(/[A-Za-z0-9]+(?:[.'-][A-Za-z0-9]+)*/g)?.length ??
    0;
  return cjk + latin;
}
