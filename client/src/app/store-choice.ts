import type { StoreCode } from '@shop/shared';
import { DEFAULT_STORE, isStoreCode } from '@shop/shared/stores/stores';

/** The store the shopper chose in the languages modal: where a visit that names no store begins (every tab reads it). */
const STORE_KEY = 'shop.store';

export function storedStore(): StoreCode | null {
  try {
    const value = localStorage.getItem(STORE_KEY);
    return isStoreCode(value) ? value : null;
  } catch {
    return null;
  }
}

/** The store a visit without one in its address opens: the shopper's choice, else the default (Dutch) store. */
export function startStore(): StoreCode {
  return storedStore() ?? DEFAULT_STORE;
}

export function rememberStore(store: StoreCode): void {
  try {
    localStorage.setItem(STORE_KEY, store);
  } catch {
    // Private mode may refuse storage; the choice still applies to this visit.
  }
}
