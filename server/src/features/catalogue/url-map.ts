/**
 * The URL map of spec 2 §2: a store-relative address (trailing slashes and the query removed, catalogue.service.ts
 * `normalizeUrlPath`) goes to a product, a category, or what another feature registers (a CMS page, features/content). The catalogue knows nothing of those: they are handed in as resolvers, asked in turn.
 */
import type { StoreCode } from '@shop/shared';
import { mappablePath, normalizeUrlPath, type CatalogueService } from './catalogue.service.ts';

/** What the URL map answers: `_type` names the kind (product, category, cms_page), `_source` the thing itself. */
export interface UrlMapTarget {
  _type: string;
  _source: unknown;
}

/** A further resolver: gets the normalised address, answers a target or null. */
export type UrlResolver = (store: StoreCode, path: string) => Promise<UrlMapTarget | null>;

export type UrlMapper = (store: StoreCode, url: string) => Promise<UrlMapTarget | null>;

/**
 * A product first; then what the resolvers answer (a CMS page: a curated landing page at a category's address is the
 * operator's choice for that address, so it wins over the category, decision 045); then the category.
 */
export function urlMapper(catalogue: Pick<CatalogueService, 'mapUrl'>, resolvers: readonly UrlResolver[] = []): UrlMapper {
  return async (store, url) => {
    if (!mappablePath(normalizeUrlPath(url))) return null;
    const found = await catalogue.mapUrl(store, url);
    if (found?._type === 'product') return found;
    const path = normalizeUrlPath(url);
    if (path === '') return found;
    for (const resolve of resolvers) {
      const target = await resolve(store, path);
      if (target) return target;
    }
    return found;
  };
}
