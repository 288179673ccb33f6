/**
 * The same product or category in the other stores (hreflang, issue 18): their addresses differ per store, so each is
 * asked once (a cached catalogue read, `alternatePath`); a store that does not show it, or cannot be asked, is left out.
 */
import type { StoreCode } from '@shop/shared';
import { STORE_CODES } from '@shop/shared/stores/stores';
import { useResource } from '../../app/resource.ts';
import { alternatePath, type PageIdentity } from './catalogue-api.ts';

export function useCatalogueAlternates(store: StoreCode, page: PageIdentity | null): { store: StoreCode; path: string }[] {
  const others = STORE_CODES.filter((code) => code !== store);
  const key = page ? `alternates:${store}:${page.type}:${page.id}` : null;
  const found = useResource(key, async () => {
    const paths = await Promise.all(others.map((code) => alternatePath(code, page!).catch(() => null)));
    return others.flatMap((code, index) => (paths[index] ? [{ store: code, path: paths[index] }] : []));
  });
  return found.data ?? [];
}

/** A description's text for the meta description: tags dropped, spaces folded, at most 160 characters. */
export function metaDescription(html: string | null | undefined): string | undefined {
  const text = (html ?? '').replace(/<[^>]+>/g, ' ').replace(/&nbsp;/g, ' ').replace(/\s+/g, ' ').trim();
  return text ? (text.length > 160 ? `${text.slice(0, 159).trimEnd()}…` : text) : undefined;
}
