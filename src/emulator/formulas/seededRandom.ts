// A small seedable generator (mulberry32) so random-choice and mew are reproducible: the same seed,
// or the same input when no seed is given, gives the same pick.
import { createHash } from 'node:crypto';

export function seedFrom(value: unknown): number {
  return createHash('sha256').update(JSON.stringify(value)).digest().readUInt32LE(0);
}

export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
