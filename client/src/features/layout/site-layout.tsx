import type { ReactNode } from 'react';
import { useTranslation } from '../../app/i18n.ts';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

export function SiteLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="site">
      <a className="skip-link" href="#main">
        {t('a11y.skipToContent')}
      </a>
      <SiteHeader />
      <main id="main" className="site-main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
