import { randomBytes } from 'node:crypto';

/**
 * Snowflake-style ids rendered as decimal strings (API.md: ids are strings): time-ordered so that
 * indexes stay compact, 41 bits of ms since 2024, 12 random bits of node/sequence mix, 10 bits counter.
 */
const EPOCH = 1704067200000n;
let lastMs = 0n;
let counter = 0n;
const nodeBits = BigInt(randomBytes(2).readUInt16BE(0) & 0xfff);

export function newId(): string {
  let now = BigInt(Date.now());
  if (now === lastMs) {
    counter = (counter + 1n) & 0x3ffn;
    if (counter === 0n) now = lastMs + 1n;
  } else {
    counter = 0n;
  }
  if (now < lastMs) now = lastMs;
  lastMs = now;
  return (((now - EPOCH) << 22n) | (nodeBits << 10n) | counter).toString();
}

export function nowIso(): string {
  return new Date().toISOString();
}
