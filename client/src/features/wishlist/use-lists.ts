import { useEffect, useState } from 'react';
import { useBrowserValue } from '../../app/server-pass.ts';
import type { ListKind } from './list-notices.ts';
import { loadLists, type ListsRuntime, type SkuList } from './lists-runtime.ts';
import type { ListItem } from './sku-list.collection.ts';

const COUNT_KEY = 'shop.wishlist.count';

/** The tab's lists once started (null before, or without IndexedDB). */
export function useLists(load: () => Promise<ListsRuntime> = loadLists): ListsRuntime | null {
  const [lists, setLists] = useState<ListsRuntime | null>(null);
  useEffect(() => {
    if (typeof indexedDB === 'undefined') return;
    let live = true;
    load().then(
      (runtime) => live && setLists(runtime),
      (error: unknown) => console.error('The wishlist could not start', error),
    );
    return () => {
      live = false;
    };
  }, [load]);
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
