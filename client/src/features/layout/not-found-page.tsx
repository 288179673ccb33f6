import { Link } from '@tanstack/react-router';
import { useTranslation } from '../../app/i18n.ts';
import { useStore } from '../../app/store-context.tsx';
import { useDocumentTitle } from '../../ui/use-document-title.ts';

export function NotFoundPage() {
  const { t } = useTranslation();
  const store = useStore();
  useDocumentTitle(t('notFound.title'), t('shop.name'));
  return (
    <section className="container not-found" aria-labelledby="not-found-title">
      <p className="eyebrow">404</p>
      <h1 id="not-found-title">{t('notFound.message')}</h1>
      <p className="not-found__hint">{t('notFound.hint')}</p>
      <Link activeOptions={{ exact: true }} to="/$store" params={{ store }} className="button">
        {t('notFound.home')}
      </Link>
    </section>
  );
}
