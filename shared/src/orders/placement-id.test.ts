import { describe, expect, it } from 'vitest';
import { cartFingerprint, placementIdOf } from './placement-id.ts';

describe('the order id of an attempt at placing a cart', () => {
  it('names the shown lines by id, quantity and last write, in any order, and leaves removed lines out', () => {
    const lines = [
      { id: 'B', qty: 2, writeId: 'w2' },
      { id: 'A', qty: 1, writeId: 'w1' },
      { id: 'C', qty: 0, writeId: 'w3' },
    ];
    expect(cartFingerprint(lines)).toBe('A=1@w1|B=2@w2');
    expect(cartFingerprint([...lines].reverse())).toBe(cartFingerprint(lines));
    expect(cartFingerprint([{ id: 'A', qty: 1, writeId: 'w9' }])).not.toBe(cartFingerprint([{ id: 'A', qty: 1, writeId: 'w1' }]));
  });

  it('takes the first 32 hex digits of the hash and the attempt', () => {
    expect(placementIdOf('0123456789abcdef'.repeat(4), 2)).toBe('o-0123456789abcdef0123456789abcdef-2');
  });
});
