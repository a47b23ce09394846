/** A small seeded PRNG (mulberry32): the demo catalogue and its pictures are the same on every run. */
export interface Random {
  next(): number;
  /** In [min, max]. */
  int(min: number, max: number): number;
  pick<T>(list: readonly T[]): T;
  sample<T>(list: readonly T[], count: number): T[];
  chance(p: number): boolean;
}

export function createRandom(seed: number): Random {
  let a = seed >>> 0 || 0x9e3779b9;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: (list) => list[int(0, list.length - 1)]!,
    sample(list, count) {
      const copy = [...list];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = int(0, i);
        [copy[i], copy[j]] = [copy[j]!, copy[i]!];
      }
      return copy.slice(0, Math.min(count, copy.length));
    },
    chance: (p) => next() < p,
  };
}

/** Mixes two numbers into one seed, so product k of catalogue seed s has its own stream. */
export function mixSeed(a: number, b: number): number {
  let h = Math.imul(a ^ 0x85ebca6b, 0xc2b2ae35) ^ Math.imul(b + 0x27d4eb2f, 0x165667b1);
  h ^= h >>> 16;
  return h >>> 0;
}
