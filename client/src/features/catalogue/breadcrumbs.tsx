import type { BreadcrumbEntry } from '@shop/shared';
import { Link, useRouter } from '@tanstack/react-router';
import { useTranslation } from '../../app/i18n.ts';
import { useStore } from '../../app/store-context.tsx';
import { ChevronIcon } from '../../ui/icons.tsx';

/** Spec 1 §2: a 'Back' link (history back), 'You are here:', the route entries and the current page. */
export function Breadcrumbs({ entries }: { entries: BreadcrumbEntry[] }) {
  const { t } = useTranslation();
  const store = useStore();
  const router = useRouter();
  return (
    <nav className="breadcrumbs" aria-label={t('breadcrumbs.label')}>
      <a
        className="breadcrumbs__back"
        href="#"
        onClick={(event) => {
          event.preventDefault();
          if (window.history.length > 1) router.history.back();
          else void router.navigate({ to: '/$store', params: { store } });
        }}
      >
        <ChevronIcon direction="left" />
        {t('breadcrumbs.back')}
      </a>
      <span className="breadcrumbs__here">{t('breadcrumbs.youAreHere')}</span>
      <ol>
        {entries.map((entry, index) =>
          entry.routePath !== undefined ? (
            <li key={`${entry.routePath}-${index}`}>
              {entry.routePath === 'magazine' || entry.name === 'Magazine' ? (
                // Spec 1 §2: an entry named 'Magazine' links to /magazine (this store's).
                <Link activeOptions={{ exact: true }} to="/$store/magazine/$" params={{ store, _splat: '' }} search={{}}>
                  {entry.name}
                </Link>
              ) : entry.routePath === '' ? (
                <Link activeOptions={{ exact: true }} to="/$store" params={{ store }}>
                  {entry.name}
                </Link>
              ) : (
                <Link activeOptions={{ exact: true }} to="/$store/$" params={{ store, _splat: entry.routePath }} search={{}}>
                  {entry.name}
                </Link>
              )}
            </li>
          ) : (
            <li key={`current-${index}`} aria-current="page">
              {entry.name}
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}
