import { describe, expect, it } from 'vitest';
import { Random } from './random.ts';

describe('Random', () => {
  it('repeats its sequence for a seed and differs between seeds', () => {
    const take = (seed: number) => {
      const rng = new Random(seed);
      return Array.from({ length: 20 }, () => rng.next());
    };
    expect(take(7)).toEqual(take(7));
    expect(take(7)).not.toEqual(take(8));
  });

  it('stays inside its ranges', () => {
    const rng = new Random(1);
    for (let i = 0; i < 5000; i++) {
      const x = rng.next();
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(1);
      const n = rng.int(48, 62);
      expect(Number.isInteger(n) && n >= 48 && n <= 62).toBe(true);
    }
  });

  it('reaches both ends of an integer range', () => {
    const rng = new Random(3);
    const seen = new Set(Array.from({ length: 500 }, () => rng.int(1, 4)));
    expect([...seen].sort()).toEqual([1, 2, 3, 4]);
  });

  it('follows weights roughly and never picks a zero weight', () => {
    const rng = new Random(11);
    const counts = { a: 0, b: 0, never: 0 };
    for (let i = 0; i < 10_000; i++) counts[rng.weighted([['a', 3], ['b', 1], ['never', 0]] as const)]++;
    expect(counts.never).toBe(0);
    expect(counts.a / counts.b).toBeGreaterThan(2.5);
    expect(counts.a / counts.b).toBeLessThan(3.5);
  });

  it('samples distinct items, from short and from long lists', () => {
    const rng = new Random(5);
    const short = rng.sample([1, 2, 3, 4], 3);
    expect(new Set(short).size).toBe(3);
    const long = rng.sample(Array.from({ length: 1000 }, (_, i) => i), 5);
    expect(new Set(long).size).toBe(5);
    expect(rng.sample([1, 2], 5)).toHaveLength(2);
  });

  it('refuses to pick from nothing', () => {
    expect(() => new Random(1).pick([])).toThrow();
  });
});
