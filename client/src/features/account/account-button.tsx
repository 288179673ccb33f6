/**
 * The header's account button: "Log in" opens the login modal for a guest, "My account" goes to /my-account for a
 * customer. Beside it, things that follow the whole visit: the session starting when the browser is idle, the login
 * modal (its code loads when first opened, also by the token lock), products viewed remembered for
 * /my-account/recently-viewed, and the route data reloaded when a login changes the prices (spec 1 §6).
 */
import type { Product } from '@shop/shared';
import { Link, useRouter, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from '../../app/i18n.ts';
import { afterInteractive } from '../../app/after-interactive.ts';
import { useStore } from '../../app/store-context.tsx';
import { useAccountTexts } from './account-texts.ts';
import { recordViewed } from './recently-viewed.ts';
import { loadSessionModule } from './session-loader.ts';
import { openAuth, useAuthElem, useSessionUser } from './session-store.ts';
import './account-button.css';

const AuthModal = lazy(() => import('./auth-modal.tsx').then((module) => ({ default: module.AuthModal })));

function UserIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round">
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" />
    </svg>
  );
}

export function AccountButton() {
  const { t } = useTranslation();
  useAccountTexts();
  const store = useStore();
  const user = useSessionUser();
  const elem = useAuthElem();
  const [modalLoaded, setModalLoaded] = useState(false);
  if (elem && !modalLoaded) setModalLoaded(true);
  useSessionFollowsVisit();

  const name = user?.current?.firstname;
  return (
    <>
      {user ? (
        <Link to="/$store/my-account/$" params={{ store, _splat: '' }} className="account-link">
          <UserIcon />
          {/* What it shows is its name, first (WCAG 2.5.3); a first name is followed by what the link is. */}
          <span className="account-link__label">{name ?? t('header.account')}</span>
          {name ? <span className="visually-hidden">{t('header.accountHint')}</span> : null}
        </Link>
      ) : (
        <button type="button" className="account-link" aria-haspopup="dialog" onClick={() => openAuth('login')}>
          <UserIcon />
          <span className="account-link__label">{t('header.login')}</span>
        </button>
      )}
      {modalLoaded ? (
        <Suspense fallback={null}>
          <AuthModal />
        </Suspense>
      ) : null}
    </>
  );
}

function useSessionFollowsVisit(): void {
  const router = useRouter();
  // The product shown, if the page is a product page (the catalogue route's loader data).
  const product = useRouterState({
    select: (state) => {
      const match = state.matches.find((candidate) => candidate.routeId === '/$store/$');
      const target = (match?.loaderData as { target?: { _type: string; _source: Product } | null } | undefined)?.target;
      return target?._type === 'product' ? target._source : null;
    },
  });
  useEffect(() => {
    if (product) recordViewed(product);
  }, [product]);

  useEffect(() => {
    let live = true;
    let stop: (() => void) | undefined;
    const start = () => {
      if (!live) return;
      loadSessionModule().then(
        (session) => {
          if (live) stop = session.onPricesChanged(() => void router.invalidate());
        },
        (error: unknown) => console.error('The customer session could not start', error),
      );
    };
    const cancel = afterInteractive(start);
    return () => {
      live = false;
      cancel();
      stop?.();
    };
  }, [router]);
}
