/**
 * Whether a page load's address is one the shop has (spec 2 §2): Home and its aliases, a page of the app, a
 * category or product the URL map has, or a category named by its id, url key or slug (the storefront then shows it
 * at its own path), a CMS page (`/{store}/i/{identifier}`, or a landing page's address) the URL map finds. The built
 * client is served with 200 for those and 404 for the rest.
 */
import { isStoreCode, STORE_CODES } from '@shop/shared';
import { storefrontAddress, type StorePageOptions } from '@shop/shared/stores/store-pages';
import type { UrlMapper } from './url-map.ts';

export type AddressKnown = (pathname: string) => Promise<boolean>;

/**
 * `/{store}/i/{identifier}`: a CMS page, known only when it exists in that store. `/i/{identifier}` opens the
 * shopper's chosen store, which the server does not know: known when either store has it.
 */
const CMS_PAGE = /^\/(?:([^/]+)\/)?i\/([^/]+)\/?$/;

export function storefrontAddresses(mapUrl: UrlMapper, options: StorePageOptions): AddressKnown {
  return async (pathname) => {
    const address = storefrontAddress(pathname, options);
    // The URL map answers a category's id, url key or slug too (CatalogueService.mapUrl), and CMS pages.
    if (address.kind === 'catalogue') return (await mapUrl(address.store, address.url)) !== null;
    const cms = CMS_PAGE.exec(pathname);
    if (address.kind === 'page' && cms && (cms[1] === undefined || isStoreCode(cms[1]))) {
      for (const store of cms[1] === undefined ? STORE_CODES : [cms[1]]) if ((await mapUrl(store, `i/${cms[2]}`)) !== null) return true;
      return false;
    }
    return address.kind === 'page';
  };
}
