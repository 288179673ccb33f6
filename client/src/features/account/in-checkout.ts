/**
 * "The user counts as in checkout if the last checkout change was within 30 minutes" (spec 2 §4, §9: 1800000 ms).
 * The last change is the newest field typed into any checkout draft (shared `draftModifiedAt`).
 */
import { draftModifiedAt } from '@shop/shared/sync/checkout-draft';
import type { CheckoutDraftDoc } from '@shop/shared/sync/checkout-draft.schema';

export const IN_CHECKOUT_WINDOW_MS = 1_800_000;

export function isInCheckout(lastChange: number | undefined, now: number, windowMs = IN_CHECKOUT_WINDOW_MS): boolean {
  return lastChange !== undefined && now - lastChange <= windowMs;
}

/** Whether any of the drafts was changed within the window. */
export function draftsInCheckout(drafts: readonly CheckoutDraftDoc[], now: number): boolean {
  let last: number | undefined;
  for (const draft of drafts) {
    const at = draftModifiedAt(draft);
    if (at !== undefined && (last === undefined || at > last)) last = at;
  }
  return isInCheckout(last, now);
}
