import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ProductSnapshot, WriteStamp } from './document.schema.ts';
import { simulateReplicas } from './replica-simulation.ts';
import { addToSkuSet, isInSkuSet, mergeSkuSetEntry, removeFromSkuSet, skuSetAddedAt } from './sku-set.ts';
import { SkuSetEntryDocSchema, type SkuSetEntryDoc } from './sku-set.schema.ts';

const product: ProductSnapshot = { name: 'Watch', price_incl_tax: 605, image: '/media/watch.svg', url_path: 'watch.html' };
const write = (id: string, at: number, replica: string): WriteStamp => ({ id, at, replica });
const empty: SkuSetEntryDoc = { id: 'WATCH', sku: 'WATCH', updatedAt: 0, writeId: 'init', adds: [], removed: [], snapshot: { value: product, at: 0, replica: 'r0' } };

describe('add-wins set examples', () => {
  it('adds a sku once, however often it is added', () => {
    const once = addToSkuSet(undefined, 'WATCH', product, write('t1', 1, 'a'));
    const twice = addToSkuSet(once, 'WATCH', { ...product, price_incl_tax: 550 }, write('t2', 2, 'a'));
    expect(isInSkuSet(twice)).toBe(true);
    expect(twice.id).toBe('WATCH');
    expect(twice.snapshot.value.price_incl_tax).toBe(550);
    expect(twice.writeId).toBe('t2');
    expect(skuSetAddedAt(twice)).toEqual({ at: 2, replica: 'a' });
    expect(SkuSetEntryDocSchema.safeParse(twice).success).toBe(true);
  });

  it('a remove cancels the adds it saw', () => {
    const added = addToSkuSet(undefined, 'WATCH', product, write('t1', 1, 'a'));
    const removed = removeFromSkuSet(added, write('w2', 2, 'a'));
    expect(isInSkuSet(removed)).toBe(false);
    expect(removed.removed).toEqual(['t1']);
    expect(skuSetAddedAt(removed)).toBeUndefined();
  });

  it('an add concurrent with a remove wins, whatever the clocks say', () => {
    const added = addToSkuSet(undefined, 'WATCH', product, write('t1', 1, 'a'));
    const removedOnPhone = removeFromSkuSet(added, write('w2', 100, 'phone'));
    const addedAgainOnLaptop = addToSkuSet(added, 'WATCH', product, write('t3', 5, 'laptop'));
    expect(isInSkuSet(mergeSkuSetEntry(removedOnPhone, addedAgainOnLaptop))).toBe(true);
    expect(isInSkuSet(mergeSkuSetEntry(addedAgainOnLaptop, removedOnPhone))).toBe(true);
  });

  it('a remove that saw every add stays removed after merging', () => {
    const added = addToSkuSet(undefined, 'WATCH', product, write('t1', 1, 'a'));
    const removed = removeFromSkuSet(added, write('w2', 2, 'b'));
    expect(isInSkuSet(mergeSkuSetEntry(added, removed))).toBe(false);
  });
});

const REPLICAS = ['r0', 'r1', 'r2', 'r3'];
type SetWrite = { kind: 'add' | 'remove'; stamp: WriteStamp; price: number };

const replicaWrites = fc
  .integer({ min: 3, max: 4 })
  .chain((count) =>
    fc.tuple(
      ...REPLICAS.slice(0, count).map((replica) =>
        fc.array(fc.record({ kind: fc.constantFrom<'add' | 'remove'>('add', 'remove'), at: fc.integer({ min: 0, max: 9 }), price: fc.integer({ min: 1, max: 4 }) }), { maxLength: 8 }).map(
          (list) => list.map(({ kind, at, price }, i): SetWrite => ({ kind, price, stamp: write(`${replica}-${i}`, at, replica) })),
        ),
      ),
    ),
  );

const applyWrite = (entry: SkuSetEntryDoc, w: SetWrite) =>
  w.kind === 'add' ? addToSkuSet(entry, 'WATCH', { ...product, price_incl_tax: w.price }, w.stamp) : removeFromSkuSet(entry, w.stamp);

const entry = fc
  .record({
    adds: fc.subarray(['t1', 't2', 't3', 't4', 't5']),
    removed: fc.subarray(['t1', 't2', 't3', 't6']),
    updatedAt: fc.integer({ min: 0, max: 2 }),
    writeId: fc.constantFrom('w1', 'w2'),
    at: fc.integer({ min: 0, max: 2 }),
    price: fc.integer({ min: 1, max: 3 }),
  })
  .map(({ adds, removed, updatedAt, writeId, at, price }): SkuSetEntryDoc => ({
    ...empty,
    updatedAt,
    writeId,
    adds: adds.map((id) => ({ id, at: Number(id.slice(1)), replica: 'r0' })),
    removed,
    snapshot: { value: { ...product, price_incl_tax: price }, at, replica: 'r0' },
  }));

describe('add-wins set properties', () => {
  it('replicas converge, and the sku is present exactly when some add was seen by no remove', () => {
    fc.assert(
      fc.property(replicaWrites, fc.array(fc.nat({ max: 10_000 }), { maxLength: 80 }), (writes, schedule) => {
        const finals = simulateReplicas({ initial: empty, writes, schedule, apply: applyWrite, merge: mergeSkuSetEntry });
        for (const state of finals) expect(state).toEqual(finals[0]);
        const final = finals[0] as SkuSetEntryDoc;
        const survivors = writes.flat().filter((w) => w.kind === 'add' && !final.removed.includes(w.stamp.id));
        expect(final.adds.map((tag) => tag.id).sort()).toEqual(survivors.map((w) => w.stamp.id).sort());
      }),
    );
  });

  it('an add that no replica had seen when removing survives', () => {
    fc.assert(
      fc.property(entry, fc.integer({ min: 0, max: 50 }), (start, time) => {
        const removed = removeFromSkuSet(start, write('rm', time, 'r1'));
        const concurrent = addToSkuSet(start, 'WATCH', product, write('fresh', time, 'r2'));
        expect(isInSkuSet(mergeSkuSetEntry(removed, concurrent))).toBe(true);
      }),
    );
  });

  it('merge is commutative, associative and idempotent', () => {
    fc.assert(
      fc.property(entry, entry, entry, (a, b, c) => {
        expect(mergeSkuSetEntry(a, b)).toEqual(mergeSkuSetEntry(b, a));
        expect(mergeSkuSetEntry(mergeSkuSetEntry(a, b), c)).toEqual(mergeSkuSetEntry(a, mergeSkuSetEntry(b, c)));
        const ab = mergeSkuSetEntry(a, b);
        expect(mergeSkuSetEntry(ab, ab)).toEqual(ab);
      }),
    );
  });
});
