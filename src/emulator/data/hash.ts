import { createHash } from 'node:crypto';

/**
 * Deterministic randomness for the generator: the same key gives the same number on every
 * machine and every start, so data and scores are reproducible without being stored.
 */

/** cyrb53: a fast 53-bit string hash (public domain); plenty for spreading keys. */
function cyrb53(text: string, seed = 0): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

const TWO_53 = 2 ** 53;

/** A number in [0, 1) fixed by `key`. */
export function uniform(key: string): number {
  return cyrb53(key) / TWO_53;
}

/** A standard normal number fixed by `key` (Box–Muller on two uniforms). */
export function normal(key: string): number {
  const u = Math.max(uniform(`${key}|u`), 1e-12);
  const v = uniform(`${key}|v`);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** Log-uniform between `low` and `high`, fixed by `key`. */
export function logUniform(key: string, low: number, high: number): number {
  return Math.exp(Math.log(low) + uniform(key) * (Math.log(high) - Math.log(low)));
}

/** An integer in [0, n), fixed by `key`. */
export function pick(key: string, n: number): number {
  return Math.floor(uniform(key) * n);
}

/** The demo data's UUID namespace; any fixed UUID would do. */
const NAMESPACE = Buffer.from('6f1d8c2a4b7e4f0e9a3c5d2e1f0a9b8c', 'hex');

/** RFC 9562 version-5 UUID of `name` in the demo namespace. */
export function uuidV5(name: string): string {
  const bytes = createHash('sha1').update(NAMESPACE).update(name, 'utf8').digest().subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Rounds to 6 significant digits, as the data service returns scores. */
export function sixDigits(value: number): number {
  return value === 0 ? 0 : Number(value.toPrecision(6));
}
