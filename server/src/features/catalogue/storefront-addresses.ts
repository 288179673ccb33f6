/**
 * Whether a page load's address is one the shop has (spec 2 §2): Home and its aliases, a page of the app, a
 * category or product the URL map has, or a category named by its id, url key or slug (the storefront then shows it
 * at its own path). The built client is served with 200 for those and 404 for the rest.
 */
import { storefrontAddress, type StorePageOptions } from '@shop/shared/stores/store-pages';
import type { CatalogueService } from './catalogue.service.ts';

export type AddressKnown = (pathname: string) => Promise<boolean>;

export function storefrontAddresses(catalogue: Pick<CatalogueService, 'mapUrl'>, options: StorePageOptions): AddressKnown {
  return async (pathname) => {
    const address = storefrontAddress(pathname, options);
    // The URL map answers a category's id, url key or slug too (CatalogueService.mapUrl).
    if (address.kind === 'catalogue') return (await catalogue.mapUrl(address.store, address.url)) !== null;
    return address.kind === 'page';
  };
}
