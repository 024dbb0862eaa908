import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import 'dayjs/locale/zh-cn';
import { formatMoney, formatTime, isPhone, maskPhone, PHONE_PATTERN, toDate } from '@bid/shared';

/**
 * Formatting for the screens (SPEC section 5). The rules themselves live in packages/shared so the
 * server validates with the same pattern; this file is the web app's single import point.
 */
export { formatMoney, formatTime, isPhone, maskPhone, PHONE_PATTERN, toDate };

dayjs.extend(relativeTime);

/** `¥199.00` for prices; plain `formatMoney` where the currency is already labelled. */
export function formatYuan(value: number | string | null | undefined): string {
  return `¥${formatMoney(value)}`;
}

/** Date only, `YYYY-MM-DD`. */
export function formatDate(value: Date | string | number | null | undefined): string {
  return formatTime(value, 'YYYY-MM-DD');
}

/**
 * `刚刚`-style relative time in Chinese (`3 分钟前`, `2 天前`) for recent times; anything older than
 * `absoluteAfterDays` (default 7) shows its date instead, which reads better in lists.
 */
export function formatRelative(
  value: Date | string | number | null | undefined,
  now: Date | number = Date.now(),
  absoluteAfterDays = 7,
): string {
  const d = toDate(value);
  if (!d) return '';
  const ref = dayjs(now);
  const diffDays = Math.abs(ref.diff(d, 'day', true));
  if (diffDays >= absoluteAfterDays) return formatDate(d);
  return dayjs(d).locale('zh-cn').from(ref);
}
