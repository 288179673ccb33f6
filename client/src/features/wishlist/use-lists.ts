import { useEffect, useState } from 'react';
import { afterInteractive } from '../../app/after-interactive.ts';
import { useBrowserValue } from '../../app/server-pass.ts';
import type { ListKind } from './list-notices.ts';
import type { ListsRuntime, SkuList } from './lists-runtime.ts';
import type { ListItem } from './sku-list.collection.ts';

const COUNT_KEY = 'shop.wishlist.count';

/**
 * The lists' runtime (the local database, about 100 kB of code) is its own chunk: the header's heart is part of
 * every page's first load and hydration, and needs only the count kept from the last visit until the database answers.
 */
export const loadLists = (): Promise<ListsRuntime> => import('./lists-runtime.ts').then((lists) => lists.loadLists());

/**
 * The tab's lists once started (null before, or without IndexedDB). Their runtime (the local database) is its own
 * chunk, so the header's heart, which every page hydrates with, stays small; it starts once the page is interactive
 * (app/after-interactive.ts), the heart showing the count kept from the last visit meanwhile. A list button pressed
 * sooner starts the lists itself (product-list-actions.tsx).
 */
export function useLists(): ListsRuntime | null {
  const [lists, setLists] = useState<ListsRuntime | null>(null);
  useEffect(() => {
    if (typeof indexedDB === 'undefined') return;
    let live = true;
    const cancel = afterInteractive(() =>
      loadLists().then(
        (runtime) => live && setLists(runtime),
        (error: unknown) => console.error('The wishlist could not start', error),
      ),
    );
    return () => {
      live = false;
      cancel();
    };
  }, []);
  return lists;
}

/** One list's items, live from the local database; null while it opens. */
export function useListItems(list: SkuList | null | undefined): ListItem[] | null {
  const [items, setItems] = useState<ListItem[] | null>(() => list?.current() ?? null);
  useEffect(() => {
    if (!list) return;
    const subscription = list.items$.subscribe(setItems);
    return () => subscription.unsubscribe();
  }, [list]);
  return list ? items : null;
}

function storedCount(): number {
  try {
    return Number(localStorage.getItem(COUNT_KEY)) || 0;
  } catch {
    return 0;
  }
}

/** The header's wishlist count: the last one seen until the database answers, then live (and remembered). */
export function useWishlistCount(items: readonly ListItem[] | null): number {
  const remembered = useBrowserValue(storedCount, 0);
  const count = items?.length ?? remembered;
  useEffect(() => {
    if (items === null) return;
    try {
      localStorage.setItem(COUNT_KEY, String(items.length));
    } catch {
      // Storage refused: the count still shows for this visit.
    }
  }, [items]);
  return count;
}

export function useList(kind: ListKind): { list: SkuList | null; items: ListItem[] | null } {
  const lists = useLists();
  const list = lists ? lists[kind] : null;
  return { list, items: useListItems(list) };
}

/** A list's items once the local database has read them. */
export function loadedItems(list: SkuList): Promise<ListItem[]> {
  return new Promise((resolve) => {
    const subscription = list.items$.subscribe((items) => {
      if (!items) return;
      resolve(items);
      queueMicrotask(() => subscription.unsubscribe());
    });
  });
}
