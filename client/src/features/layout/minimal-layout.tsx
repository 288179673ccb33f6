/**
 * The minimal layout (spec 2 §2): the shop's name linking Home above the page, nothing else; no menu, search, cart
 * or footer that could fail again on a page shown after an error. Checkout and the order-status pages (issue 18) use
 * it too (`withShop`, from their route's static data): a distraction-free header with the secure-checkout note and the
 * help line (the customer service's phone), the connection badge, the cart and the shop's background work; still no
 * menu and no search.
 */
import { Suspense, type ReactNode } from 'react';
import { BrandLink } from './brand-link.tsx';
import { lazyPart } from '../../app/lazy-part.ts';

const MinimalExtras = lazyPart('src/features/layout/layout-extras.tsx#MinimalExtras', () => import('./layout-extras.tsx').then((module) => ({ default: module.MinimalExtras })));
const CheckoutHeaderNotes = lazyPart('src/features/layout/layout-extras.tsx#CheckoutHeaderNotes', () => import('./layout-extras.tsx').then((module) => ({ default: module.CheckoutHeaderNotes })));

export function MinimalLayout({ children, withShop = false }: { children: ReactNode; withShop?: boolean }) {
  return (
    <div className="site site--minimal">
      <header className={`site-header site-header--minimal${withShop ? ' site-header--checkout' : ''}`}>
        <div className="container site-header__minimal">
          <BrandLink />
          {withShop ? (
            <Suspense fallback={<div className="checkout-header-notes" />}>
              <CheckoutHeaderNotes />
            </Suspense>
          ) : null}
          {withShop ? (
            <div className="site-header__actions site-header__minimal-extras">
              <Suspense fallback={null}>
                <MinimalExtras />
              </Suspense>
            </div>
          ) : null}
        </div>
      </header>
      <main id="main" className="site-main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
