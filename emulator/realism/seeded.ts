// Seeded decisions: every choice the profile makes is a pure function of the seed and what it is
// about (type name, property path), so a type gets the same treatment on every read and every run.

/** FNV-1a over the parts, mixed with the seed: a 32-bit key for one decision. */
export function decisionKey(seed: number, parts: readonly string[]): number {
  let hash = (0x811c9dc5 ^ (seed >>> 0)) >>> 0;
  const text = parts.join("\u0000");
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  // Final avalanche so that nearby seeds give unrelated answers.
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b) >>> 0;
  hash ^= hash >>> 13;
  return hash >>> 0;
}

/** A number in [0, 1) fixed by the seed and the parts. */
export function decisionFraction(seed: number, parts: readonly string[]): number {
  return decisionKey(seed, parts) / 4294967296;
}

/** True for about `share` of the things named by `parts`. */
export function chosen(seed: number, parts: readonly string[], share: number): boolean {
  return decisionFraction(seed, parts) < share;
}

/** mulberry32: a small seeded PRNG, a stream of values in [0, 1) fixed by the seed. */
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

/** A stream of values fixed by the seed and the parts: mulberry32 started from the decision key. */
export function decisionRandom(seed: number, parts: readonly string[]): () => number {
  return seededRandom(decisionKey(seed, parts));
}
