import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { simulateReplicas } from '../sync/replica-simulation.ts';
import { REPLICATED_COLLECTIONS } from '../sync/collections.ts';
import {
  addToLineOp,
  applyCartOp,
  cartLineQty,
  causalCartOp,
  compactCartOps,
  isCartLineRemoved,
  isCartLineVisible,
  mergeCartLine,
  removeOp,
  setQtyOp,
} from './cart-line.ts';
import { CartLineDocSchema, type CartLineDoc, type CartOp } from './cart.schema.ts';

const base: CartLineDoc = {
  id: 'WATCH-1:0000000000000000',
  updatedAt: 0,
  writeId: 'created',
  sku: 'WATCH-1',
  checksum: '0000000000000000',
  type_id: 'simple',
  snapshot: { value: { name: 'Watch', price_incl_tax: 605, image: '/media/watch.svg', url_path: 'watch.html' }, at: 0, replica: 'r0' },
  ops: [],
  qty: 0,
};
const at = (time: number, replica: string, id = `${replica}@${time}`) => ({ id, at: time, replica });

describe('cart line examples', () => {
  it('two offline adds on two devices add up', () => {
    const phone = applyCartOp(base, addToLineOp(1, at(10, 'phone')));
    const laptop = applyCartOp(base, addToLineOp(2, at(10, 'laptop')));
    expect(mergeCartLine(phone, laptop).qty).toBe(3);
    expect(mergeCartLine(laptop, phone)).toEqual(mergeCartLine(phone, laptop));
  });

  it('a later set wins over an earlier set, whatever order the copies meet in', () => {
    const early = applyCartOp(base, setQtyOp(5, at(10, 'phone')));
    const late = applyCartOp(base, setQtyOp(2, at(11, 'laptop')));
    expect(mergeCartLine(early, late).qty).toBe(2);
    expect(mergeCartLine(late, early).qty).toBe(2);
  });

  it('a set overrides the adds before it and keeps the adds after it', () => {
    let line = applyCartOp(base, addToLineOp(3, at(1, 'a')));
    line = applyCartOp(line, setQtyOp(1, at(5, 'b')));
    line = applyCartOp(line, addToLineOp(2, at(7, 'a')));
    expect(line.qty).toBe(3);
    expect(line.ops.map((op) => op.kind)).toEqual(['set', 'add']);
    const lateArrival = applyCartOp(base, addToLineOp(4, at(2, 'c')));
    expect(mergeCartLine(line, lateArrival).qty).toBe(3);
  });

  it('equal times are ordered by replica id', () => {
    const a = applyCartOp(base, setQtyOp(4, at(10, 'a')));
    const b = applyCartOp(base, setQtyOp(9, at(10, 'b')));
    expect(mergeCartLine(a, b).qty).toBe(9);
  });

  it('a remove then a later add revives the line', () => {
    let line = applyCartOp(base, addToLineOp(2, at(1, 'a')));
    line = applyCartOp(line, removeOp(at(2, 'a')));
    expect(line.qty).toBe(0);
    expect(isCartLineVisible(line)).toBe(false);
    expect(isCartLineRemoved(line)).toBe(true);
    const other = applyCartOp(base, addToLineOp(1, at(3, 'b')));
    const merged = mergeCartLine(line, other);
    expect(merged.qty).toBe(1);
    expect(isCartLineRemoved(merged)).toBe(false);
  });

  it('an add made before a remove it had not seen stays removed', () => {
    const removed = applyCartOp(applyCartOp(base, addToLineOp(2, at(1, 'a'))), removeOp(at(5, 'a')));
    const stale = applyCartOp(base, addToLineOp(1, at(4, 'b')));
    expect(mergeCartLine(removed, stale).qty).toBe(0);
    expect(mergeCartLine(removed, stale).ops).toEqual([removeOp(at(5, 'a'))]);
  });

  it('a remove clicked on a device whose clock is behind still removes the quantity it showed', () => {
    const fromLaptop = applyCartOp(base, setQtyOp(3, at(100, 'laptop')));
    const onPhone = applyCartOp(fromLaptop, removeOp(at(40, 'phone')));
    expect(onPhone.qty).toBe(0);
    expect(onPhone.ops).toEqual([{ id: 'phone@40', kind: 'remove', qty: 0, at: 101, replica: 'phone' }]);
    expect(mergeCartLine(fromLaptop, onPhone).qty).toBe(0);
  });

  it('two writes in one millisecond on one replica keep the order they were made in', () => {
    const set = applyCartOp(base, setQtyOp(2, at(10, 'a', 'z-set')));
    const add = applyCartOp(set, addToLineOp(1, at(10, 'a', 'a-add')));
    expect(add.qty).toBe(3);
    expect(causalCartOp(set, addToLineOp(1, at(11, 'a')))).toEqual(addToLineOp(1, at(11, 'a')));
  });

  it('set to 0 hides the line but is no tombstone', () => {
    const line = applyCartOp(applyCartOp(base, addToLineOp(2, at(1, 'a'))), setQtyOp(0, at(2, 'a')));
    expect(isCartLineVisible(line)).toBe(false);
    expect(isCartLineRemoved(line)).toBe(false);
  });

  it('a local write names itself in writeId and keeps the document valid', () => {
    const line = applyCartOp(base, addToLineOp(2, at(1, 'a', 'write-1')));
    expect(line.writeId).toBe('write-1');
    expect(CartLineDocSchema.safeParse(line).success).toBe(true);
  });

  it('refuses quantities that are not whole or too small', () => {
    expect(() => addToLineOp(0, at(1, 'a'))).toThrow(RangeError);
    expect(() => addToLineOp(1.5, at(1, 'a'))).toThrow(RangeError);
    expect(() => setQtyOp(-1, at(1, 'a'))).toThrow(RangeError);
    expect(setQtyOp(0, at(1, 'a')).qty).toBe(0);
  });

  it('keeps one op per id, the same one on every replica', () => {
    const one: CartOp = { id: 'x', kind: 'add', qty: 1, at: 1, replica: 'a' };
    const forged: CartOp = { ...one, qty: 5 };
    expect(compactCartOps([one, forged])).toEqual(compactCartOps([forged, one]));
  });

  it('takes the server item id from the server copy when resolving a conflict', () => {
    const master: CartLineDoc = { ...applyCartOp(base, addToLineOp(1, at(1, 'server'))), serverItemId: '17', updatedAt: 50 };
    const local: CartLineDoc = { ...applyCartOp(base, addToLineOp(2, at(2, 'phone', 'w-phone'))), serverItemId: 'stale' };
    const resolved = REPLICATED_COLLECTIONS.cart.merge(master, local);
    expect(resolved).toMatchObject({ qty: 3, serverItemId: '17', updatedAt: 50, writeId: 'w-phone' });
    expect(REPLICATED_COLLECTIONS.cart.merge(resolved, master)).toBe(resolved);
  });
});

const REPLICAS = ['r0', 'r1', 'r2', 'r3'];

/** An op without its id: ids are given afterwards so that they are unique. */
const opBody = (replica: string) =>
  fc.record({
    kind: fc.constantFrom('add', 'add', 'set', 'remove'),
    qty: fc.integer({ min: 1, max: 5 }),
    at: fc.integer({ min: 0, max: 12 }),
  }).map(({ kind, qty, at: time }): Omit<CartOp, 'id'> => ({ kind, qty: kind === 'remove' ? 0 : kind === 'set' ? qty - 1 : qty, at: time, replica }));

const replicaWrites = fc
  .integer({ min: 3, max: 4 })
  .chain((count) => fc.tuple(...REPLICAS.slice(0, count).map((replica) => fc.array(opBody(replica), { maxLength: 8 }))))
  .map((perReplica) => perReplica.map((ops, r) => ops.map((op, i): CartOp => ({ ...op, id: `${REPLICAS[r]}-${i}` }))));

const schedule = fc.array(fc.nat({ max: 10_000 }), { maxLength: 80 });

/** A pool of ops with unique ids, so that one id always means one op. */
const opPool = fc.array(fc.tuple(opBody('r0'), fc.constantFrom(...REPLICAS)), { minLength: 1, maxLength: 14 }).map((ops) =>
  ops.map(([op, replica], i): CartOp => ({ ...op, replica, id: `op-${i}` })),
);

const lineFrom = (pool: readonly CartOp[]) =>
  fc.record({
    ops: fc.subarray([...pool]),
    updatedAt: fc.integer({ min: 0, max: 3 }),
    writeId: fc.constantFrom('w1', 'w2', 'w3'),
    price: fc.integer({ min: 1, max: 3 }),
    snapshotAt: fc.integer({ min: 0, max: 3 }),
    snapshotReplica: fc.constantFrom(...REPLICAS),
    serverItemId: fc.option(fc.constantFrom('7', '8'), { nil: undefined }),
  }).map(({ ops, updatedAt, writeId, price, snapshotAt, snapshotReplica, serverItemId }): CartLineDoc => {
    const line: CartLineDoc = {
      ...base,
      updatedAt,
      writeId,
      snapshot: { value: { ...base.snapshot.value, price_incl_tax: price }, at: snapshotAt, replica: snapshotReplica },
      ops,
      qty: cartLineQty(ops),
    };
    if (serverItemId !== undefined) line.serverItemId = serverItemId;
    return line;
  });

const threeLines = opPool.chain((pool) => fc.tuple(lineFrom(pool), lineFrom(pool), lineFrom(pool)));

describe('cart line properties', () => {
  it('replicas exchanging copies in any order, with duplicates, converge to the fold of every op', () => {
    fc.assert(
      fc.property(replicaWrites, schedule, (writes, choices) => {
        const allOps: CartOp[] = [];
        const apply = (line: CartLineDoc, op: CartOp) => {
          allOps.push(causalCartOp(line, op));
          return applyCartOp(line, op);
        };
        const finals = simulateReplicas({ initial: base, writes, schedule: choices, apply, merge: mergeCartLine });
        for (const state of finals) {
          expect(state).toEqual(finals[0]);
          expect(state.ops).toEqual(compactCartOps(allOps));
          expect(state.qty).toBe(cartLineQty(allOps));
          expect(CartLineDocSchema.safeParse(state).success).toBe(true);
        }
      }),
    );
  });

  it('merge is commutative, associative and idempotent', () => {
    fc.assert(
      fc.property(threeLines, ([a, b, c]) => {
        expect(mergeCartLine(a, b)).toEqual(mergeCartLine(b, a));
        expect(mergeCartLine(mergeCartLine(a, b), c)).toEqual(mergeCartLine(a, mergeCartLine(b, c)));
        const ab = mergeCartLine(a, b);
        expect(mergeCartLine(ab, ab)).toEqual(ab);
        expect(mergeCartLine(ab, b)).toEqual(ab);
      }),
    );
  });

  it('compaction preserves the folded quantity and commutes with union', () => {
    fc.assert(
      fc.property(opPool, opPool, (left, right) => {
        const rightRenamed = right.map((op) => ({ ...op, id: `right-${op.id}` }));
        expect(cartLineQty(compactCartOps(left))).toBe(cartLineQty(left));
        expect(compactCartOps([...compactCartOps(left), ...compactCartOps(rightRenamed)])).toEqual(compactCartOps([...left, ...rightRenamed]));
        expect(compactCartOps(compactCartOps(left))).toEqual(compactCartOps(left));
      }),
    );
  });

  it('concurrent adds with no set or remove add up', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 1, max: 9 }), fc.integer({ min: 0, max: 50 })), { maxLength: 10 }), (adds) => {
        const copies = adds.map(([qty, time], i) => applyCartOp(base, addToLineOp(qty, at(time, REPLICAS[i % 4] as string, `add-${i}`))));
        const merged = copies.reduce(mergeCartLine, base);
        expect(merged.qty).toBe(adds.reduce((sum, [qty]) => sum + qty, 0));
      }),
    );
  });

  it('the latest set decides, plus the adds made after it', () => {
    fc.assert(
      fc.property(opPool, (pool) => {
        const ordered = [...pool].sort((x, y) => x.at - y.at || (x.replica < y.replica ? -1 : x.replica > y.replica ? 1 : 0) || (x.id < y.id ? -1 : 1));
        const lastBarrier = ordered.map((op) => op.kind !== 'add').lastIndexOf(true);
        const expected = ordered.slice(lastBarrier + 1).reduce((sum, op) => sum + op.qty, lastBarrier >= 0 ? (ordered[lastBarrier] as CartOp).qty : 0);
        expect(cartLineQty(pool)).toBe(expected);
      }),
    );
  });
});
