import { Link, useRouterState } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { afterInteractive } from '../../app/after-interactive.ts';
import { useTranslation } from '../../app/i18n.ts';
import { useStore } from '../../app/store-context.tsx';
import { ChevronIcon } from '../../ui/icons.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import type { MenuItem } from './menu-tree.ts';

/**
 * Desktop menu as a disclosure navigation (buttons with aria-expanded, not an ARIA menu): Tab moves through
 * it like any links, Escape closes the open panel and returns focus to its button.
 */
export function CategoryMenu({ items, loading }: { items: MenuItem[]; loading: boolean }) {
  const { t } = useTranslation();
  const store = useStore();
  const [openId, setOpenId] = useState<number | null>(null);
  const navRef = useRef<HTMLElement>(null);
  const baseId = useId();
  const pathname = useRouterState({ select: (state) => state.location.pathname });

  // Close on navigation: adjusting state while rendering, as React recommends over an effect.
  const [shownPath, setShownPath] = useState(pathname);
  if (shownPath !== pathname) {
    setShownPath(pathname);
    setOpenId(null);
  }

  // Spec 1 §9 "Prefetch level 2", once the page is interactive (app/after-interactive.ts; category-prefetch.ts waits
  // for the category list itself). Running it twice is harmless, answers being cached.
  useEffect(
    () => afterInteractive(() => void import('../category/category-page.tsx').then((module) => module.prefetchCategories(store, navRef.current), () => undefined)),
    [store],
  );

  useEffect(() => {
    if (openId === null) return;
    const onPointer = (event: PointerEvent) => {
      if (!navRef.current?.contains(event.target as Node)) setOpenId(null);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      const button = navRef.current?.querySelector<HTMLButtonElement>(`[aria-controls="${baseId}-${openId}"]`);
      setOpenId(null);
      button?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [openId, baseId]);

  return (
    <nav ref={navRef} className="category-menu" aria-label={t('a11y.mainNav')}>
      {loading && items.length === 0 ? (
        <div className="category-menu__loading" aria-hidden="true">
          {[0, 1, 2, 3].map((n) => (
            <Skeleton key={n} width="6rem" height="0.9rem" />
          ))}
        </div>
      ) : (
        <ul className="category-menu__list">
          {items.map((item) => {
            const panelId = `${baseId}-${item.id}`;
            const open = openId === item.id;
            if (item.children.length === 0) {
              return (
                <li key={item.id}>
                  <Link activeOptions={{ exact: true }} className="category-menu__top" to="/$store/$" params={{ store, _splat: item.urlPath }} search={{}}>
                    {item.name}
                  </Link>
                </li>
              );
            }
            return (
              <li key={item.id} className={open ? 'is-open' : undefined}>
                <button type="button" className="category-menu__top" aria-expanded={open} aria-controls={panelId} onClick={() => setOpenId(open ? null : item.id)}>
                  {item.name}
                  <ChevronIcon />
                </button>
                <div id={panelId} className="category-menu__panel" hidden={!open}>
                  <ul>
                    <li>
                      <Link activeOptions={{ exact: true }} className="category-menu__all" to="/$store/$" params={{ store, _splat: item.urlPath }} search={{}} onClick={() => setOpenId(null)}>
                        {t('header.viewAll', { name: item.name })}
                      </Link>
                    </li>
                    {item.children.map((child) => (
                      <li key={child.id}>
                        <Link activeOptions={{ exact: true }} to="/$store/$" params={{ store, _splat: child.urlPath }} search={{}} onClick={() => setOpenId(null)}>
                          {child.name}
                        </Link>
                      </li>
                    ))}
                  </ul>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </nav>
  );
}
