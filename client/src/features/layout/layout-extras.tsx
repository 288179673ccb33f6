/**
 * What the layout shows beside the first paint, in one small file loaded with it so none of it weighs on the first
 * load: the footer (below the fold), the header's cart button with its count (the last one seen, until the local
 * database answers), the account button (login modal or /my-account), the online/offline badge, the cart starting up (local database, connection, sync) with its texts,
 * and the minicart once it is first opened.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from '../../app/i18n.ts';
import { BagIcon } from '../../ui/icons.tsx';
import { useCartCount } from '../cart/cart-count.ts';
import { loadCart, useCartTexts } from '../cart/cart-loader.ts';
import type { CartRuntime } from '../cart/cart-runtime.ts';
import { useOnlineStatus } from '../offline/use-online-status.ts';
import { useLayoutTexts } from './layout-extras-texts.ts';
import { LanguagesButton } from './languages-button.tsx';

// The wishlist's heart and the newsletter modal's watch on the visit: their own small chunks, after the first paint.
const WishlistButton = lazy(() => import('../wishlist/wishlist-button.tsx'));
const NewsletterPrompt = lazy(() => import('../newsletter/newsletter-prompt.tsx'));
// The account button (login modal or /my-account) brings the session's code: its own chunk too.
const AccountButton = lazy(() => import('../account/account-button.tsx').then((module) => ({ default: module.AccountButton })));
const Minicart = lazy(() => import('../cart/minicart.tsx').then(async (module) => (await module.minicartReady(), { default: module.Minicart })));

/** The header's store and language, and the languages modal that changes them. */
export function HeaderSettings() {
  return <LanguagesButton />;
}

export function HeaderExtras() {
  const { t } = useTranslation();
  const online = useOnlineStatus();
  const ready = useCartTexts();
  const [cart, setCart] = useState<CartRuntime | null>(null);
  const count = useCartCount(cart);
  // null until first opened: the minicart's code loads on the first click.
  const [cartOpen, setCartOpen] = useState<boolean | null>(null);
  // The cart (local database, ~130 kB of code) starts once the browser is idle, so it never delays the first paint.
  // Without IndexedDB there is no local database, hence no cart to start.
  useEffect(() => {
    if (typeof indexedDB === 'undefined') return;
    let live = true;
    const start = () => {
      if (!live) return;
      loadCart().then(
        (runtime) => {
          if (live) setCart(runtime);
          // Orders made offline wait for the connection on every page (spec 2 §4 'Offline orders').
          void import('../orders/orders-runtime.ts').then((module) => module.startOrders(runtime));
          // The sync task queue (spec 2 §4): the leading tab sends what was queued; every tab tells the outcomes.
          void import('../sync/task-queue.ts').then((module) => module.startTaskQueue(runtime)).catch((error: unknown) => console.error('The task queue could not start', error));
        },
        (error: unknown) => console.error('The cart could not start', error),
      );
    };
    if (typeof requestIdleCallback === 'function') requestIdleCallback(start, { timeout: 2000 });
    else setTimeout(start, 200);
    return () => {
      live = false;
    };
  }, []);
  return (
    <>
      {/* Always in the page, so that going offline (and back) is announced. */}
      <span className="connection-status" role="status">
        {online || !ready ? null : (
          <span className="connection-status__badge" title={t('status.offlineHint', { ns: 'cart' })}>
            <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round">
              <path d="M3 3l18 18M8.5 16.5a5 5 0 017 0M5 13a10 10 0 015.2-2.8M19 13a10 10 0 00-2.6-1.9M2 9.5a15 15 0 014.5-2.9M22 9.5A15 15 0 0012 6c-.7 0-1.4 0-2 .1M12 20h.01" />
            </svg>
            <span className="connection-status__label">{t('status.offline', { ns: 'cart' })}</span>
            <span className="visually-hidden">: {t('status.offlineHint', { ns: 'cart' })}</span>
          </span>
        )}
      </span>
      <Suspense fallback={null}>
        <WishlistButton />
        <NewsletterPrompt />
        <AccountButton />
      </Suspense>
      <button type="button" className="cart-link" aria-haspopup="dialog" aria-expanded={cartOpen === true} onClick={() => setCartOpen(true)}>
        <BagIcon />
        <span className="visually-hidden">{t('header.cartCount', { count })}</span>
        <span className="cart-link__count" aria-hidden="true">
          {count}
        </span>
      </button>
      {cartOpen === null ? null : (
        <Suspense fallback={null}>
          <Minicart open={cartOpen} onClose={() => setCartOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

export function SiteFooter() {
  const { t } = useTranslation();
  // Below the fold: an empty footer until its texts (the `layout` namespace) are in.
  if (!useLayoutTexts()) return <footer className="site-footer" />;
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <div className="site-footer__brand">
          <p className="brand__name">{t('shop.name')}</p>
          <p>{t('layout:footer.about')}</p>
        </div>
        <ul className="site-footer__promises">
          <li>{t('layout:footer.authentic')}</li>
          <li>{t('layout:footer.inspected')}</li>
          <li>{t('layout:footer.insured')}</li>
        </ul>
      </div>
      <div className="container site-footer__legal">
        <p>{t('layout:footer.legal', { year: new Date().getFullYear(), name: t('shop.name') })}</p>
      </div>
    </footer>
  );
}
