import type { StoreCode } from '@shop/shared';
import { STORE_CODES } from '@shop/shared/stores/stores';
import { Link, useMatches, useNavigate } from '@tanstack/react-router';
import { useEffect, useState, type MouseEvent } from 'react';
import { useTranslation } from '../../app/i18n.ts';
import { useStore } from '../../app/store-context.tsx';
import { alternatePath, type PageIdentity } from '../catalogue/catalogue-api.ts';

/** The product or category the current page shows, if it is one (the catalogue route's loaded target). */
function useCurrentPage(): PageIdentity | null {
  const matches = useMatches();
  for (const match of matches) {
    const target = (match.loaderData as { target?: { _type: string; _source: { id: number } } | null } | undefined)?.target;
    if (target && (target._type === 'product' || target._type === 'category')) return { type: target._type, id: target._source.id };
  }
  return null;
}

/** Where each other store shows the current page: its path there, once known (none: that store's home page). */
function useAlternatePaths(current: StoreCode, page: PageIdentity | null): { paths: Partial<Record<StoreCode, string>>; known: boolean } {
  const key = page ? `${page.type}:${page.id}` : null;
  const [found, setFound] = useState<{ key: string; paths: Partial<Record<StoreCode, string>> } | null>(null);
  useEffect(() => {
    if (!page || !key) return;
    let live = true;
    const others = STORE_CODES.filter((code) => code !== current);
    void Promise.all(others.map((code) => alternatePath(code, page).catch(() => null))).then((paths) => {
      if (!live) return;
      setFound({ key, paths: Object.fromEntries(others.flatMap((code, index) => (paths[index] ? [[code, paths[index]]] : []))) });
    });
    return () => {
      live = false;
    };
    // `key` stands for the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [current, key]);
  return found && found.key === key ? { paths: found.paths, known: true } : { paths: {}, known: page === null };
}

/**
 * Switching store keeps the shopper where they are: on a product or category page the link leads to the same
 * product or category in the other store (its url differs per store), elsewhere, or when that store does not show
 * it (or is not known yet, e.g. offline), to the other store's home page.
 */
export function StoreSwitcher() {
  const { t } = useTranslation();
  const current = useStore();
  const page = useCurrentPage();
  const { paths, known } = useAlternatePaths(current, page);
  const navigate = useNavigate();
  // A click before the other store's path is known waits for it rather than dropping the shopper on its home page.
  const follow = (code: StoreCode) => (event: MouseEvent) => {
    if (known || !page || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    void alternatePath(code, page)
      .catch(() => null)
      .then((path) => navigate(path ? { to: '/$store/$', params: { store: code, _splat: path }, search: {} } : { to: '/$store', params: { store: code } }));
  };
  return (
    <nav className="store-switcher" aria-label={t('header.store')}>
      <span className="store-switcher__label" aria-hidden="true">
        {t('header.store')}
      </span>
      <ul>
        {STORE_CODES.map((code) => {
          const path = code === current ? undefined : paths[code];
          const common = { className: code === current ? 'is-current' : undefined, activeProps: {}, 'aria-current': code === current ? ('true' as const) : undefined, hrefLang: code };
          const label = (
            <>
              <span aria-hidden="true">{code.toUpperCase()}</span>
              <span className="visually-hidden">{t(`store.${code}`)}</span>
            </>
          );
          return (
            <li key={code}>
              {path ? (
                <Link to="/$store/$" params={{ store: code, _splat: path }} search={{}} {...common}>
                  {label}
                </Link>
              ) : (
                <Link activeOptions={{ exact: true }} to="/$store" params={{ store: code }} {...common} onClick={code === current ? undefined : follow(code)}>
                  {label}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
