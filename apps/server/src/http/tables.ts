/** Table of the SQL rate limiter (migration 0100). */
export interface RateLimitTable {
  key: string;
  count: number;
  reset_at: string;
}
