/**
 * /<store>/checkout: the shop's own checkout, or, when the server says checkout is external (spec 2 §2), the browser
 * sent to `<CMS url>/vue/cart/sync` with the customer's and the cart's tokens.
 */
import { useEffect, useState } from 'react';
import { useStore } from '../../app/store-context.tsx';
import { readUser } from '../account/session-store.ts';
import { TOKEN_KEY } from '../cart/cart-keys.ts';
import { checkoutConfig, externalCheckoutUrl } from './checkout-config.ts';
import { CheckoutPage } from './checkout-page.tsx';
import { CheckoutSkeleton } from './checkout-skeleton.tsx';

function storedCountry(): string | null {
  try {
    return localStorage.getItem('countryCode');
  } catch {
    return null;
  }
}

export function CheckoutRoute() {
  const store = useStore();
  const [mode, setMode] = useState<'asking' | 'internal' | 'external'>('asking');
  useEffect(() => {
    let live = true;
    checkoutConfig(store).then(
      (config) => {
        if (!live) return;
        if (config.externalCheckout && config.cmsUrl) {
          setMode('external');
          let cartToken: string | null = null;
          try {
            cartToken = localStorage.getItem(TOKEN_KEY);
          } catch {
            cartToken = null;
          }
          window.location.assign(externalCheckoutUrl(config.cmsUrl, { userToken: readUser()?.token ?? null, cartToken, country: config.countryInPath ? (storedCountry() ?? 'nl') : null }));
        } else setMode('internal');
      },
      // Offline with no answer kept: the shop's own checkout works offline.
      () => live && setMode('internal'),
    );
    return () => {
      live = false;
    };
  }, [store]);
  if (mode === 'internal') return <CheckoutPage />;
  return <CheckoutSkeleton />;
}
