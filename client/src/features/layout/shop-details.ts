/**
 * The shop's own details (GET /api/shop/details: company, KvK and VAT numbers, customer service phone and e-mail, the
 * payment methods it takes in the store), for the footer and the checkout's header. Asked once per store and tab, and
 * kept on this device, so the footer and the help line show them offline too.
 */
import type { StoreCode } from '@shop/shared';
import { useEffect, useState } from 'react';
import { apiGet } from '../../app/api.ts';
import { useBrowserValue } from '../../app/server-pass.ts';

export interface ShopDetails {
  company: { name: string; address: string; kvk: string; vatId: string };
  phone: string;
  email: string;
  paymentMethods: string[];
}

const KEY = 'shop.details.';
const asked = new Map<StoreCode, Promise<ShopDetails>>();

let keptText: string | null = null;
let keptValue: ShopDetails | null = null;

/** The details this browser kept for `store` (the same object while the kept text is the same). */
function kept(store: StoreCode): ShopDetails | null {
  try {
    const text = localStorage.getItem(KEY + store);
    if (text !== keptText) {
      keptText = text;
      keptValue = JSON.parse(text ?? 'null') as ShopDetails | null;
    }
    return keptValue;
  } catch {
    return null;
  }
}

export function loadShopDetails(store: StoreCode): Promise<ShopDetails> {
  let answer = asked.get(store);
  if (!answer) {
    answer = apiGet<ShopDetails>(`/api/shop/details?storeCode=${store}`).then(
      (details) => {
        try {
          localStorage.setItem(KEY + store, JSON.stringify(details));
        } catch {
          // Storage refused: the details are only not kept.
        }
        return details;
      },
      (error: unknown) => {
        asked.delete(store);
        const last = kept(store);
        if (last) return last;
        throw error;
      },
    );
    asked.set(store, answer);
  }
  return answer;
}

/**
 * The details: the ones kept on this device at once, then the shop's answer, asked once `when` holds (the footer asks
 * when it nears the screen); null while neither is known.
 */
export function useShopDetails(store: StoreCode, when = true): ShopDetails | null {
  const keptDetails = useBrowserValue(() => kept(store), null);
  const [loaded, setDetails] = useState<ShopDetails | null>(null);
  const details = loaded ?? keptDetails;
  useEffect(() => {
    if (!when) return;
    let live = true;
    loadShopDetails(store).then(
      (answer) => live && setDetails(answer),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [store, when]);
  return details;
}

/** The phone number as a tel: address (digits and a leading +). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
