/**
 * Category prefetch (spec 1 §9 "Prefetch level 2"), run by the header menu once the browser is idle after the
 * first paint, from the category page's chunk (category-page.tsx re-exports it), so the page's code is loaded too.
 * Unless the connection asks to save data, it loads the catalogue texts and, for each category at
 * CATEGORY_PREFETCH_LEVEL, its URL mapping and first page of products, into the same cache the route and the
 * category page read: opening one from the menu then shows it without a round trip. From then on a menu link
 * pointed at or focused has its category prefetched the same way.
 */
import type { Category, StoreCode } from '@shop/shared';
import { categoriesToPrefetch } from '@shop/shared/catalogue/category';
import { isStoreCode } from '@shop/shared/stores/stores';
import { loadNamespace } from '../../app/i18n.ts';
import { loadCategories, resolveUrl, searchListing } from '../catalogue/catalogue-api.ts';
import { categoryProductsRequest } from './category-query.ts';

const watched = new WeakSet<HTMLElement>();

function savesData(): boolean {
  return (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;
}

/** The first page as the category page asks for it when opened from the menu (no filters, default sort). */
export function prefetchCategory(store: StoreCode, category: Pick<Category, 'id' | 'url_path'>): Promise<unknown> {
  return Promise.all([resolveUrl(category.url_path, store), searchListing(categoryProductsRequest(store, category.id, {}, 0))]).catch(() => undefined);
}

/** A menu link's category, found by its path (`/en/watches/men`) in the category list the menu was built from. */
async function prefetchLink(pathname: string): Promise<void> {
  const [, store, ...path] = pathname.split('/');
  if (!isStoreCode(store)) return;
  const urlPath = path.join('/');
  const category = (await loadCategories(store)).find((c) => c.url_path === urlPath);
  if (category) await prefetchCategory(store, category);
}

function onIntent(event: Event): void {
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (link instanceof HTMLAnchorElement) void prefetchLink(link.pathname).catch(() => undefined);
}

export async function prefetchCategories(store: StoreCode, menu: HTMLElement | null): Promise<void> {
  if (savesData()) return;
  if (menu && !watched.has(menu)) {
    watched.add(menu);
    menu.addEventListener('pointerover', onIntent);
    menu.addEventListener('focusin', onIntent);
  }
  try {
    await loadNamespace('catalogue');
    // One category at a time: this runs while the shopper reads, and must not crowd out what they ask for.
    for (const category of categoriesToPrefetch(await loadCategories(store))) await prefetchCategory(store, category);
  } catch {
    // Only a head start: the page loads what it needs when opened.
  }
}
