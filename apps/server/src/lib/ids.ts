import { randomBytes } from 'node:crypto';

/**
 * Snowflake-style ids rendered as decimal strings (API.md: ids are strings): time-ordered so that
 * indexes stay compact, 41 bits of ms since 2024, 12 random bits of node mix, 10 bits counter.
 *
 * Monotonic within a process: the logical clock `lastMs` never goes backwards, and when the 1,024
 * ids of one millisecond are used up it moves on to the next millisecond itself instead of waiting
 * for the wall clock. A burst therefore runs slightly ahead of real time and the wall clock catches
 * up; an id is never handed out twice (the old version reset the counter when the clock read behind
 * the bumped millisecond and repeated ids in bursts over 1,024 per ms).
 */
const EPOCH = 1704067200000n;
let lastMs = 0n;
let counter = 0n;
const nodeBits = BigInt(randomBytes(2).readUInt16BE(0) & 0xfff);

/** The generator state machine, separated from the clock so tests can drive it. */
export function nextIdParts(wallMs: bigint): { ms: bigint; counter: bigint } {
  if (wallMs > lastMs) {
    lastMs = wallMs;
    counter = 0n;
  } else {
    counter = (counter + 1n) & 0x3ffn;
    if (counter === 0n) lastMs += 1n;
  }
  return { ms: lastMs, counter };
}

export function newId(): string {
  const { ms, counter: c } = nextIdParts(BigInt(Date.now()));
  return (((ms - EPOCH) << 22n) | (nodeBits << 10n) | c).toString();
}

export function nowIso(): string {
  return new Date().toISOString();
}
