/**
 * What the layout shows beside the first paint, in one small file loaded with it so none of it weighs on the first
 * load: the footer (below the fold: contact, boutiques, service pages, payment marks, KvK and VAT numbers), the
 * checkout header's secure note and help line, the header's cart button with its count (the last one seen, until the local
 * database answers), the account button (login modal or /my-account), the online/offline badge, the cart starting up (local database, connection, sync) with its texts,
 * and the minicart once it is first opened.
 */
import type { Boutique } from '@shop/shared/forms/appointment.schema';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import { onServer } from '../../app/server-pass.ts';
import { useTranslation } from '../../app/i18n.ts';
import { useStore } from '../../app/store-context.tsx';
import { BagIcon, LockIcon, PhoneIcon } from '../../ui/icons.tsx';
import { PaymentMark } from '../payment/payment-marks.tsx';
import { telHref, useShopDetails, type ShopDetails } from './shop-details.ts';
import { useCartCount } from '../cart/cart-count.ts';
import { loadCart, useCartTexts } from '../cart/cart-loader.ts';
import type { CartRuntime } from '../cart/cart-runtime.ts';
import { useOnlineStatus } from '../offline/use-online-status.ts';
import { useLayoutTexts } from './layout-extras-texts.ts';
import { LanguagesButton } from './languages-button.tsx';
import { ServiceLinks } from '../content/service-links.tsx';
import { lazyPart } from '../../app/lazy-part.ts';
import { afterInteractive } from '../../app/after-interactive.ts';

// The wishlist's heart and the newsletter modal's watch on the visit: their own small chunks, after the first paint.
const WishlistButton = lazyPart('src/features/wishlist/wishlist-button.tsx', () => import('../wishlist/wishlist-button.tsx'));
const NewsletterPrompt = lazyPart('src/features/newsletter/newsletter-prompt.tsx', () => import('../newsletter/newsletter-prompt.tsx'));
// The account button (login modal or /my-account) brings the session's code: its own chunk too.
const AccountButton = lazyPart('src/features/account/account-button.tsx#AccountButton', () => import('../account/account-button.tsx').then((module) => ({ default: module.AccountButton })));
const Minicart = lazy(() => import('../cart/minicart.tsx').then(async (module) => (await module.minicartReady(), { default: module.Minicart })));

/** The header's store and language, and the languages modal that changes them. */
export function HeaderSettings() {
  return <LanguagesButton />;
}

/**
 * The cart (local database, ~130 kB of code) starts once the browser is idle, so it never delays the first paint;
 * then the orders made offline (spec 2 §4 'Offline orders') and the sync task queue (the leading tab sends what was
 * queued; every tab tells the outcomes). Without IndexedDB there is no local database, hence no cart to start.
 */
// Once per tab: the layout changes (the minimal layout of checkout, the default one elsewhere) must not start the
// queue and its announcer twice.
let backgroundStarted = false;

function useShopStartup(): CartRuntime | null {
  const [cart, setCart] = useState<CartRuntime | null>(null);
  useEffect(() => {
    if (typeof indexedDB === 'undefined') return;
    let live = true;
    const start = () => {
      if (!live) return;
      loadCart().then(
        (runtime) => {
          if (live) setCart(runtime);
          if (backgroundStarted) return;
          backgroundStarted = true;
          // Orders made offline wait for the connection on every page (spec 2 §4 'Offline orders').
          void import('../orders/orders-runtime.ts').then((module) => module.startOrders(runtime));
          // The sync task queue (spec 2 §4): the leading tab sends what was queued; every tab tells the outcomes.
          void import('../sync/task-queue.ts')
            .then(async (module) => {
              await (await import('../account/profile-task.ts')).applyProfileResults();
              return module.startTaskQueue(runtime);
            })
            .catch((error: unknown) => console.error('The task queue could not start', error));
        },
        (error: unknown) => console.error('The cart could not start', error),
      );
    };
    // The header shows the count kept from the last visit meanwhile; adding to the cart, the minicart and checkout
    // start the cart themselves (decision 048).
    const cancel = afterInteractive(start);
    return () => {
      live = false;
      cancel();
    };
  }, []);
  return cart;
}

/** The online/offline badge: always in the page, so that going offline (and back) is announced. */
function ConnectionStatus() {
  const { t } = useTranslation();
  const online = useOnlineStatus();
  const ready = useCartTexts();
  return (
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
  );
}

/**
 * The minimal layout's share (checkout and the order-status pages, issue 18): no wishlist, account, newsletter or
 * menu, but the connection badge, the cart with its count (the way back to the cart, and the proof an order emptied
 * it) and the shop's background work (offline orders, queued tasks) as on every other page.
 */
export function MinimalExtras() {
  return <HeaderExtras minimal />;
}

export function HeaderExtras({ minimal = false }: { minimal?: boolean }) {
  const { t } = useTranslation();
  const cart = useShopStartup();
  const count = useCartCount(cart);
  // null until first opened: the minicart's code loads on the first click.
  const [cartOpen, setCartOpen] = useState<boolean | null>(null);
  return (
    <>
      <ConnectionStatus />
      {minimal ? null : (
        <Suspense fallback={null}>
          <WishlistButton />
          <NewsletterPrompt />
          <AccountButton />
        </Suspense>
      )}
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

/** Whether the element is near the screen yet (the footer's details are asked for only then, never on first paint). */
function useNearScreen(): [(element: HTMLElement | null) => void, boolean] {
  // Without IntersectionObserver (an old browser, tests): near from the start; on the server, as on a first paint, not.
  const [near, setNear] = useState(() => !onServer && typeof IntersectionObserver === 'undefined');
  const [element, setElement] = useState<HTMLElement | null>(null);
  useEffect(() => {
    if (!element || near) return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setNear(true), { rootMargin: '400px 0px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, near]);
  return [setElement, near];
}

/** The footer's customer service: phone, e-mail, the contact form, and the boutiques with their city and phone. */
function FooterContact({ details }: { details: ShopDetails | null }) {
  const { t } = useTranslation();
  const store = useStore();
  const [boutiques, setBoutiques] = useState<Boutique[]>([]);
  useEffect(() => {
    let live = true;
    void import('../forms/boutiques-api.ts')
      .then((module) => module.loadBoutiques(store))
      .then(
        (loaded) => live && setBoutiques(loaded.value),
        () => {},
      );
    return () => {
      live = false;
    };
  }, [store]);
  return (
    <section className="site-footer__contact" aria-labelledby="footer-contact-title">
      <h2 id="footer-contact-title" className="site-footer__title">
        {t('layout:footer.contact.title')}
      </h2>
      <ul className="site-footer__list">
        {details ? (
          <>
            <li>
              <a href={telHref(details.phone)}>
                <PhoneIcon /> {details.phone}
              </a>
            </li>
            <li>
              <a href={`mailto:${details.email}`}>{details.email}</a>
            </li>
          </>
        ) : null}
        <li>
          <Link to="/$store/contacts" params={{ store }}>
            {t('layout:footer.contact.form')}
          </Link>
        </li>
      </ul>
      {boutiques.length > 0 ? (
        <>
          <h3 className="site-footer__subtitle">{t('layout:footer.contact.boutiques')}</h3>
          <ul className="site-footer__list">
            {boutiques.map((boutique) => (
              <li key={boutique.id}>
                <Link to="/$store/store-locator" params={{ store }}>
                  {boutique.name}
                </Link>
                <span className="site-footer__muted">
                  {' '}
                  · {boutique.street}, {boutique.city}
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

/** The payment methods the shop takes (their marks) and the secure-payment note. */
function FooterPayments({ methods }: { methods: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <div className="site-footer__payments">
      <p className="site-footer__secure">
        <LockIcon /> {t('layout:footer.securePayment')}
      </p>
      {methods.length > 0 ? (
        <ul className="site-footer__marks" aria-label={t('layout:footer.paymentMethods')}>
          {methods.map((code) => (
            <li key={code}>
              <PaymentMark code={code} label={t(`layout:footer.methods.${code}`, { defaultValue: code })} />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export function SiteFooter() {
  const { t } = useTranslation();
  const store = useStore();
  const [footer, near] = useNearScreen();
  const ready = useLayoutTexts();
  const details = useShopDetails(store, near);
  // Below the fold: an empty footer until its texts (the `layout` namespace) are in.
  if (!ready) return <footer className="site-footer" ref={footer} />;
  return (
    <footer className="site-footer" ref={footer}>
      <div className="container site-footer__inner">
        <div className="site-footer__brand">
          <p className="brand__name">{t('shop.name')}</p>
          <p>{t('layout:footer.about')}</p>
          <ul className="site-footer__promises">
            <li>{t('layout:footer.authentic')}</li>
            <li>{t('layout:footer.inspected')}</li>
            <li>{t('layout:footer.insured')}</li>
          </ul>
        </div>
        {near ? <FooterContact details={details} /> : <div />}
        <ServiceLinks className="service-links--footer" />
      </div>
      <div className="container site-footer__trust">
        <FooterPayments methods={details?.paymentMethods ?? []} />
      </div>
      <div className="container site-footer__legal">
        <p>{t('layout:footer.legal', { year: new Date().getFullYear(), name: t('shop.name') })}</p>
        {details ? (
          <p className="site-footer__company">
            <span>{details.company.name}</span>
            <span>{details.company.address}</span>
            <span>{t('layout:footer.kvk', { number: details.company.kvk })}</span>
            <span>{t('layout:footer.vat', { number: details.company.vatId })}</span>
          </p>
        ) : null}
      </div>
    </footer>
  );
}

/**
 * The checkout's header (minimal layout with the shop): the secure-checkout note and the help line, the customer
 * service's phone (the contact page until the shop's details are known).
 */
export function CheckoutHeaderNotes() {
  const { t } = useTranslation();
  const store = useStore();
  const ready = useLayoutTexts();
  const details = useShopDetails(store);
  if (!ready) return null;
  return (
    <div className="checkout-header-notes">
      <p className="checkout-header-notes__secure">
        <LockIcon /> <span>{t('layout:checkoutHeader.secure')}</span>
      </p>
      <p className="checkout-header-notes__help">
        <span className="checkout-header-notes__question">{t('layout:checkoutHeader.help')}</span>{' '}
        {details ? (
          <a href={telHref(details.phone)} aria-label={t('layout:checkoutHeader.call', { phone: details.phone })}>
            <PhoneIcon /> <span>{details.phone}</span>
          </a>
        ) : (
          <Link to="/$store/contacts" params={{ store }}>
            {t('layout:checkoutHeader.contact')}
          </Link>
        )}
      </p>
    </div>
  );
}
