/**
 * The minimal layout (spec 2 §2): the shop's name linking Home above the page, nothing else; no menu, search, cart
 * or footer that could fail again on a page shown after an error.
 */
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from '../../app/i18n.ts';
import { useStore } from '../../app/store-context.tsx';

export function MinimalLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const store = useStore();
  return (
    <div className="site site--minimal">
      <header className="site-header site-header--minimal">
        <div className="container site-header__minimal">
          <Link activeOptions={{ exact: true }} to="/$store" params={{ store }} className="brand" aria-label={t('header.home', { name: t('shop.name') })}>
            <span className="brand__name">{t('shop.name')}</span>
            <span className="brand__tagline">{t('shop.tagline')}</span>
          </Link>
        </div>
      </header>
      <main id="main" className="site-main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
