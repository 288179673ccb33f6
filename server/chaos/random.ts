/** Seeded randomness for the chaos run (CHAOS_SEED): the same seed makes the same choices in the same order. */

export interface Random {
  /** A number in [0, 1). */
  next(): number;
  /** A whole number in [min, max]. */
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** One key of `weights`, each with its weight's share. */
  weighted<K extends string>(weights: Readonly<Record<K, number>>): K;
  /** A new generator seeded from this one (a shopper, the proxy, the kills each get their own). */
  fork(): Random;
  /** 32 hexadecimal digits: client-made ids (write ids, op ids, replica ids). */
  id(): string;
}

/** mulberry32: small, fast and good enough for picking actions; never for secrets. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const random: Random = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (probability) => next() < probability,
    pick: (items) => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[Math.floor(next() * items.length)]!;
    },
    weighted: (weights) => {
      const entries = Object.entries(weights) as [keyof typeof weights, number][];
      let roll = next() * entries.reduce((sum, [, weight]) => sum + weight, 0);
      for (const [key, weight] of entries) {
        roll -= weight;
        if (roll < 0) return key;
      }
      return entries.at(-1)![0];
    },
    fork: () => seededRandom(Math.floor(next() * 4_294_967_296)),
    id: () => Array.from({ length: 4 }, () => Math.floor(next() * 4_294_967_296).toString(16).padStart(8, '0')).join(''),
  };
  return random;
}

/** The p-th percentile (0–100) of `values`, or 0 for none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
