import type { Random } from '../src/db/seed/random.ts';

/**
 * Draws ranks 0 … n-1 with a Zipf distribution (rank k with weight 1 / (k + 1)^s): a few very
 * popular items and a long tail, as searches, pages and products are asked for in a real shop.
 */
export function zipf(n: number, random: Random, s = 1): () => number {
  const cumulative = new Float64Array(n);
  let sum = 0;
  for (let k = 0; k < n; k++) cumulative[k] = sum += 1 / (k + 1) ** s;
  return () => {
    const x = random.next() * sum;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

/** The numbers 1 … n in a random order: popularity is not the same as a low id. */
export function shuffledIds(n: number, random: Random): Int32Array {
  const ids = new Int32Array(n);
  for (let i = 0; i < n; i++) ids[i] = i + 1;
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(random.next() * (i + 1));
    const t = ids[i]!;
    ids[i] = ids[j]!;
    ids[j] = t;
  }
  return ids;
}
