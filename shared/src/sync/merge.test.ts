import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson, deepEqual } from './canonical.ts';
import { compareStamps, lww, mergeLww, resolveAgainstMaster, sameContent } from './merge.ts';

describe('canonicalJson', () => {
  it('ignores key order and undefined fields', () => {
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: undefined }] })).toBe('{"a":[{"d":2}],"b":1}');
    expect(deepEqual({ a: 1, b: { c: 2 } }, { b: { c: 2 }, a: 1 })).toBe(true);
    expect(deepEqual([1, 2], [2, 1])).toBe(false);
  });
});

describe('last-writer-wins registers', () => {
  it('orders by time, then replica, then value', () => {
    expect(compareStamps({ at: 1, replica: 'b' }, { at: 2, replica: 'a' })).toBeLessThan(0);
    expect(compareStamps({ at: 2, replica: 'b' }, { at: 2, replica: 'a' })).toBeGreaterThan(0);
    expect(mergeLww(lww('x', { at: 1, replica: 'a' }), lww('y', { at: 1, replica: 'a' })).value).toBe('y');
    expect(mergeLww(undefined, lww('x', { at: 1, replica: 'a' }))?.value).toBe('x');
  });

  it('is commutative, associative and idempotent (property)', () => {
    const register = fc.record({ value: fc.constantFrom('x', 'y', 'z'), at: fc.integer({ min: 0, max: 3 }), replica: fc.constantFrom('a', 'b') });
    fc.assert(
      fc.property(register, register, register, (a, b, c) => {
        expect(mergeLww(a, b)).toEqual(mergeLww(b, a));
        expect(mergeLww(mergeLww(a, b), c)).toEqual(mergeLww(a, mergeLww(b, c)));
        expect(mergeLww(a, a)).toEqual(a);
      }),
    );
  });
});

describe('resolveAgainstMaster', () => {
  type Doc = { id: string; updatedAt: number; writeId: string; note: string; status?: string };
  const master: Doc = { id: 'd', updatedAt: 9, writeId: 'm', note: 'a', status: 'paid' };

  it('answers the master itself when nothing is new', () => {
    expect(resolveAgainstMaster(master, { ...master, writeId: 'l', updatedAt: 1 }, { ...master, writeId: 'l', updatedAt: 1 }, ['status'])).toBe(master);
  });

  it('keeps server-owned fields and time from the master and names the local write', () => {
    const local: Doc = { id: 'd', updatedAt: 1, writeId: 'l', note: 'b', status: 'forged' };
    expect(resolveAgainstMaster(master, local, local, ['status'])).toEqual({ id: 'd', updatedAt: 9, writeId: 'l', note: 'b', status: 'paid' });
    const { status: _status, ...withoutStatus } = master;
    expect(resolveAgainstMaster<Doc>(withoutStatus, local, local, ['status'])).toEqual({ id: 'd', updatedAt: 9, writeId: 'l', note: 'b' });
    expect(sameContent(master, { ...master, updatedAt: 1, writeId: 'x' })).toBe(true);
  });
});
