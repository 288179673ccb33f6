/**
 * /<store>/error (spec 2 §2, in the minimal layout): where the shop sends a shopper after an error it cannot recover
 * from, with the spec's 'Internal Server Error 500' and a way back Home. Not for search engines.
 */
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from '../../app/i18n.ts';
import { useStore } from '../../app/store-context.tsx';
import { useDocumentTitle } from '../../ui/use-document-title.ts';

function useNoIndex(): void {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex';
    document.head.append(meta);
    return () => meta.remove();
  }, []);
}

export default function ErrorPage() {
  const { t } = useTranslation();
  const store = useStore();
  useDocumentTitle(t('errorPage.title'), t('shop.name'));
  useNoIndex();
  return (
    <section className="container not-found" aria-labelledby="error-title">
      <p className="eyebrow">500</p>
      <h1 id="error-title">{t('errorPage.message')}</h1>
      <p className="not-found__hint">{t('errors.generic')}</p>
      <Link to="/$store" params={{ store }} className="button">
        {t('notFound.home')}
      </Link>
    </section>
  );
}
