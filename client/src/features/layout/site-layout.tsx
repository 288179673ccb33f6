import { useRouterState } from '@tanstack/react-router';
import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../app/i18n.ts';
import { SiteHeader } from './site-header.tsx';
import { lazyPart } from '../../app/lazy-part.ts';

// Below the fold on every page: it loads beside the first paint, with the header's extras (one small file).
const SiteFooter = lazyPart('src/features/layout/layout-extras.tsx#SiteFooter', () => import('./layout-extras.tsx').then((module) => ({ default: module.SiteFooter })));

export function SiteLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const announcement = useNavigationFocus();
  return (
    <div className="site">
      <a className="skip-link" href="#main">
        {t('a11y.skipToContent')}
      </a>
      <SiteHeader />
      <main id="main" className="site-main" tabIndex={-1}>
        {children}
      </main>
      <Suspense fallback={null}>
        <SiteFooter />
      </Suspense>
      <div className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </div>
    </div>
  );
}

/**
 * After a client-side navigation, focus moves to the page content and the new page's title is announced, as a
 * full page load would do; otherwise keyboard and screen-reader users are left on the link they activated.
 */
function useNavigationFocus(): string {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const first = useRef(true);
  const [announcement, setAnnouncement] = useState('');
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    document.getElementById('main')?.focus({ preventScroll: true });
    // The page sets its title once its data is in; read it a moment later.
    const timer = window.setTimeout(() => setAnnouncement(document.title), 600);
    return () => window.clearTimeout(timer);
  }, [pathname]);
  return announcement;
}
