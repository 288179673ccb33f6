import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REPLICATED_COLLECTIONS } from './collections.ts';
import { draftModifiedAt, draftSectionValues, emptyCheckoutDraft, mergeCheckoutDraft, setDraftField } from './checkout-draft.ts';
import { CheckoutDraftDocSchema, type CheckoutDraftDoc } from './checkout-draft.schema.ts';
import { simulateReplicas } from './replica-simulation.ts';

const stamp = (id: string, at: number, replica: string) => ({ id, at, replica });

describe('checkout draft examples', () => {
  it('keeps the later value per field and both sides’ other fields', () => {
    const base = emptyCheckoutDraft('checkout', 'w0');
    const tab = setDraftField(setDraftField(base, 'shippingDetails', 'city', 'Utrecht', stamp('w1', 10, 'tab')), 'personalDetails', 'firstName', 'Anna', stamp('w2', 11, 'tab'));
    const phone = setDraftField(setDraftField(base, 'shippingDetails', 'city', 'Amsterdam', stamp('w3', 12, 'phone')), 'shippingDetails', 'zipCode', '1012 NX', stamp('w4', 9, 'phone'));
    const merged = mergeCheckoutDraft(tab, phone);
    expect(draftSectionValues(merged, 'shippingDetails')).toEqual({ city: 'Amsterdam', zipCode: '1012 NX' });
    expect(draftSectionValues(merged, 'personalDetails')).toEqual({ firstName: 'Anna' });
    expect(draftModifiedAt(merged)).toBe(12);
    expect(draftModifiedAt(base)).toBeUndefined();
    expect(CheckoutDraftDocSchema.safeParse(merged).success).toBe(true);
  });

  it('lets the later of two writes on one device win even in one millisecond or with a clock behind', () => {
    const base = emptyCheckoutDraft('checkout', 'w0');
    const first = setDraftField(base, 'personalDetails', 'emailAddress', 'a@example.com', stamp('w1', 10, 'tab'));
    const second = setDraftField(first, 'personalDetails', 'emailAddress', 'b@example.com', stamp('w2', 10, 'tab'));
    expect(second.personalDetails.emailAddress).toEqual({ value: 'b@example.com', at: 11, replica: 'tab' });
    expect(draftSectionValues(mergeCheckoutDraft(first, second), 'personalDetails').emailAddress).toBe('b@example.com');
  });

  it('breaks equal times by replica id', () => {
    const base = emptyCheckoutDraft('checkout', 'w0');
    const a = setDraftField(base, 'paymentDetails', 'paymentMethod', 'ideal', stamp('w1', 10, 'a'));
    const b = setDraftField(base, 'paymentDetails', 'paymentMethod', 'paypal', stamp('w2', 10, 'b'));
    expect(draftSectionValues(mergeCheckoutDraft(a, b), 'paymentDetails').paymentMethod).toBe('paypal');
    expect(draftSectionValues(mergeCheckoutDraft(b, a), 'paymentDetails').paymentMethod).toBe('paypal');
  });

  it('resolves a conflict against the server copy', () => {
    const master = { ...setDraftField(emptyCheckoutDraft('checkout', 'w0'), 'personalDetails', 'lastName', 'Jansen', stamp('w1', 5, 'laptop')), updatedAt: 40 };
    const local = setDraftField(emptyCheckoutDraft('checkout', 'w0'), 'personalDetails', 'firstName', 'Anna', stamp('w2', 6, 'phone'));
    const resolved = REPLICATED_COLLECTIONS.checkoutDrafts.merge(master, local);
    expect(draftSectionValues(resolved, 'personalDetails')).toEqual({ firstName: 'Anna', lastName: 'Jansen' });
    expect(resolved).toMatchObject({ updatedAt: 40, writeId: 'w2' });
    expect(REPLICATED_COLLECTIONS.checkoutDrafts.merge(master, master)).toBe(master);
  });
});

const REPLICAS = ['r0', 'r1', 'r2', 'r3'];
const FIELDS = ['firstName', 'lastName', 'city'] as const;
type DraftWrite = { field: (typeof FIELDS)[number]; value: string; stamp: { id: string; at: number; replica: string } };

const replicaWrites = fc
  .integer({ min: 3, max: 4 })
  .chain((count) =>
    fc.tuple(
      ...REPLICAS.slice(0, count).map((replica) =>
        fc
          .array(fc.record({ field: fc.constantFrom(...FIELDS), value: fc.constantFrom('x', 'y', 'z'), at: fc.integer({ min: 0, max: 9 }) }), { maxLength: 8 })
          .map((list) => list.map(({ field, value, at }, i): DraftWrite => ({ field, value, stamp: stamp(`${replica}-${i}`, at, replica) }))),
      ),
    ),
  );
const applyWrite = (draft: CheckoutDraftDoc, w: DraftWrite) => setDraftField(draft, 'shippingDetails', w.field, w.value, w.stamp);

const draft = fc
  .record({
    writes: fc.array(fc.record({ field: fc.constantFrom(...FIELDS), value: fc.constantFrom('x', 'y'), at: fc.integer({ min: 0, max: 3 }), replica: fc.constantFrom('a', 'b') }), { maxLength: 5 }),
    updatedAt: fc.integer({ min: 0, max: 2 }),
    writeId: fc.constantFrom('w1', 'w2'),
  })
  .map(({ writes, updatedAt, writeId }) =>
    writes.reduce(
      (doc, w, i) => ({ ...setDraftField(doc, 'shippingDetails', w.field, w.value, stamp(`s${i}`, w.at, w.replica)), writeId }),
      { ...emptyCheckoutDraft('checkout', writeId), updatedAt },
    ),
  );

describe('checkout draft properties', () => {
  it('replicas converge, each field holding the value of its latest write', () => {
    fc.assert(
      fc.property(replicaWrites, fc.array(fc.nat({ max: 10_000 }), { maxLength: 80 }), (writes, schedule) => {
        const applied: Array<{ field: string; value: string; at: number; replica: string }> = [];
        const apply = (doc: CheckoutDraftDoc, w: DraftWrite) => {
          const next = applyWrite(doc, w);
          const register = next.shippingDetails[w.field];
          if (register) applied.push({ field: w.field, value: register.value, at: register.at, replica: register.replica });
          return next;
        };
        const finals = simulateReplicas({ initial: emptyCheckoutDraft('checkout', 'w0'), writes, schedule, apply, merge: mergeCheckoutDraft });
        for (const state of finals) expect(state).toEqual(finals[0]);
        const values = draftSectionValues(finals[0] as CheckoutDraftDoc, 'shippingDetails');
        const text = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
        for (const field of FIELDS) {
          const latest = applied
            .filter((w) => w.field === field)
            .sort((x, y) => x.at - y.at || text(x.replica, y.replica) || text(x.value, y.value))
            .at(-1);
          expect(values[field]).toBe(latest?.value);
        }
      }),
    );
  });

  it('merge is commutative, associative and idempotent', () => {
    fc.assert(
      fc.property(draft, draft, draft, (a, b, c) => {
        expect(mergeCheckoutDraft(a, b)).toEqual(mergeCheckoutDraft(b, a));
        expect(mergeCheckoutDraft(mergeCheckoutDraft(a, b), c)).toEqual(mergeCheckoutDraft(a, mergeCheckoutDraft(b, c)));
        expect(mergeCheckoutDraft(a, a)).toEqual(a);
      }),
    );
  });
});
