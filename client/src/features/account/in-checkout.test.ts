import { emptyCheckoutDraft, setDraftField } from '@shop/shared/sync/checkout-draft';
import { describe, expect, it } from 'vitest';
import { draftsInCheckout, IN_CHECKOUT_WINDOW_MS, isInCheckout } from './in-checkout.ts';

const minute = 60_000;

describe('in checkout (spec 2 §4)', () => {
  it('is in checkout up to 30 minutes after the last change, and not after', () => {
    expect(IN_CHECKOUT_WINDOW_MS).toBe(1_800_000);
    expect(isInCheckout(1_000, 1_000)).toBe(true);
    expect(isInCheckout(0, 30 * minute)).toBe(true);
    expect(isInCheckout(0, 30 * minute + 1)).toBe(false);
  });

  it('is not in checkout without any checkout change', () => {
    expect(isInCheckout(undefined, 5)).toBe(false);
    expect(draftsInCheckout([], 5)).toBe(false);
    expect(draftsInCheckout([emptyCheckoutDraft('d1', 'w0')], 5)).toBe(false);
  });

  it("takes the newest field typed into any draft", () => {
    const old = setDraftField(emptyCheckoutDraft('d1', 'w0'), 'personalDetails', 'firstName', 'Ada', { id: 'w1', at: 0, replica: 'r' });
    const recent = setDraftField(emptyCheckoutDraft('d2', 'w0'), 'shippingDetails', 'city', 'Utrecht', { id: 'w2', at: 40 * minute, replica: 'r' });
    expect(draftsInCheckout([old], 40 * minute)).toBe(false);
    expect(draftsInCheckout([old, recent], 60 * minute)).toBe(true);
    expect(draftsInCheckout([old, recent], 71 * minute)).toBe(false);
  });
});
