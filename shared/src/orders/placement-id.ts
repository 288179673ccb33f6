/**
 * The order id a device gives its attempt at placing a cart (spec 2: an order is placed once, however often it is
 * sent): the same cart, as it is now, and the same attempt give the same id on every device and every resend. The
 * browser hashes with WebCrypto and Node with its own crypto, so each side hashes the fingerprint itself.
 */
import type { CartLineDoc } from '../cart/cart.schema.ts';

/** What identifies "this cart, as it is now": every shown line's id, quantity and last write. */
export function cartFingerprint(lines: readonly Pick<CartLineDoc, 'id' | 'qty' | 'writeId'>[]): string {
  return lines
    .filter((line) => line.qty > 0)
    .map((line) => `${line.id}=${line.qty}@${line.writeId}`)
    .sort()
    .join('|');
}

/** The order id of attempt `attempt`, from the SHA-256 (hex) of the cart's fingerprint. */
export function placementIdOf(fingerprintSha256: string, attempt: number): string {
  return `o-${fingerprintSha256.slice(0, 32)}-${attempt}`;
}
