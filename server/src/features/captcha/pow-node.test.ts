/** The shared proof-of-work rule against Node's own SHA-256: the browser's solver and the server agree with it. */
import { createHash } from 'node:crypto';
import { leadingZeroBits, powSatisfied, sha256, toHex } from '@shop/shared/content/index';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

describe('shared sha256 and proof of work against node:crypto', () => {
  it('agree on any bytes, across block boundaries', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        expect(toHex(sha256(bytes))).toBe(createHash('sha256').update(bytes).digest('hex'));
      }),
    );
  });

  it('accept a nonce exactly when the hash of challenge:nonce has enough zero bits', () => {
    fc.assert(
      fc.property(fc.nat(), fc.integer({ min: 1, max: 8 }), (nonce, difficulty) => {
        const hash = createHash('sha256').update(`some-challenge-00001:${nonce}`).digest();
        expect(powSatisfied('some-challenge-00001', String(nonce), difficulty)).toBe(leadingZeroBits(hash) >= difficulty);
      }),
    );
  });
});
