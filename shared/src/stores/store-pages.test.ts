import { describe, expect, it } from 'vitest';
import { FILE_ADDRESS, SERVER_PATHS, storefrontAddress, storelessPageStore, storePageOf } from './store-pages.ts';

const internal = { externalCheckout: false };
const external = { externalCheckout: true };

describe('storefrontAddress', () => {
  it('knows Home, its aliases and the pages of each store', () => {
    for (const path of ['/', '/nl', '/en/', '/pwa.html', '/nl/pwa.html', '/en/pwa.html', '/en/checkout', '/nl/compare/', '/en/my-account', '/en/my-account/orders/000012', '/nl/my-account/shipping-details', '/en/create-password', '/nl/customer/account/forgotpassword', '/nl/order-status/tok123', '/nl/orderstatus', '/en/error']) {
      expect(storefrontAddress(path, internal), path).toEqual({ kind: 'page' });
    }
  });

  it('knows the pages opened without a store as the default store’s', () => {
    for (const path of ['/checkout', '/orderstatus', '/order-status/tok123', '/my-account/orders', '/compare', '/customer/account/forgotpassword', '/error']) {
      expect(storefrontAddress(path, internal), path).toEqual({ kind: 'page' });
    }
    expect(storefrontAddress('/customer/nothing', internal)).toEqual({ kind: 'catalogue', store: 'nl', url: 'customer/nothing' });
  });

  it('leaves every other store path to the URL map, without slashes around it', () => {
    expect(storefrontAddress('/en/watches/men/', internal)).toEqual({ kind: 'catalogue', store: 'en', url: 'watches/men' });
    expect(storefrontAddress('/nl//horloges%20heren', internal)).toEqual({ kind: 'catalogue', store: 'nl', url: 'horloges%20heren' });
    // A page's address with more (or fewer) segments than the page takes is no page.
    for (const path of ['checkout/step-2', 'order-status', 'order-status/a/b', 'my-account/nothing', 'compare/x', 'pwa.html/x']) {
      expect(storefrontAddress(`/en/${path}`, internal), path).toEqual({ kind: 'catalogue', store: 'en', url: path });
    }
  });

  it('knows the shop’s forms in every store, and opens them without a store in the store of their language', () => {
    for (const path of ['contacts', 'ruil-uw-horloge-in-bij-ace', 'ruil-uw-horloge-in', 'trade-in-or-sell-your-watch', 'trade-in-your-watch', 'afspraak-maken', 'make-an-appointment', 'store-locator', 'invoices', 'forms/repair-request']) {
      expect(storefrontAddress(`/nl/${path}`, internal), path).toEqual({ kind: 'page' });
      expect(storefrontAddress(`/en/${path}/`, internal), path).toEqual({ kind: 'page' });
      expect(storefrontAddress(`/${path}`, internal), path).toEqual({ kind: 'page' });
    }
    expect(storefrontAddress('/nl/forms', internal)).toEqual({ kind: 'catalogue', store: 'nl', url: 'forms' });
    expect(storefrontAddress('/nl/forms/a/b', internal)).toEqual({ kind: 'catalogue', store: 'nl', url: 'forms/a/b' });
    expect(storefrontAddress('/contacts/x', internal)).toEqual({ kind: 'catalogue', store: 'nl', url: 'contacts/x' });
    expect(storelessPageStore('ruil-uw-horloge-in-bij-ace', 'en')).toBe('nl');
    expect(storelessPageStore('trade-in-or-sell-your-watch', 'nl')).toBe('en');
    expect(storelessPageStore('contacts', 'en')).toBe('en');
    expect(storelessPageStore('watches', 'en')).toBeNull();
  });

  it('has /order-success only while checkout is external', () => {
    expect(storefrontAddress('/en/order-success/EN000000123', internal)).toEqual({ kind: 'catalogue', store: 'en', url: 'order-success/EN000000123' });
    expect(storefrontAddress('/en/order-success/EN000000123', external)).toEqual({ kind: 'page' });
    expect(storefrontAddress('/order-success', external)).toEqual({ kind: 'page' });
  });

  it('knows nothing outside the stores', () => {
    for (const path of ['/xx', '/xx/checkout', '/NL/checkout', '/watches', '/index.php']) expect(storefrontAddress(path, internal), path).toEqual({ kind: 'unknown' });
  });
});

describe('storePageOf', () => {
  it('names the route pattern a store path opens', () => {
    expect(storePageOf('my-account/orders/12', internal)).toBe('my-account/$');
    expect(storePageOf('order-status/abc', internal)).toBe('order-status/$order_token');
    expect(storePageOf('', internal)).toBeNull();
    expect(storePageOf('watches', internal)).toBeNull();
  });
});

describe('server paths and file addresses', () => {
  it('tell the server’s own paths and files from pages', () => {
    for (const path of ['/api/url/map', '/media/catalog/a.png', '/health', '/documentation', '/dev/mailbox', '/sandbox-pay/x']) expect(SERVER_PATHS.test(path), path).toBe(true);
    for (const path of ['/apis', '/nl/api', '/en/media-wall']) expect(SERVER_PATHS.test(path), path).toBe(false);
    // The sitemap and robots.txt are the server's (features/content/sitemap.routes.ts), never the app shell.
    for (const path of ['/sitemap.xml', '/robots.txt']) expect(SERVER_PATHS.test(path), path).toBe(true);
    for (const path of ['/sitemap.xmls', '/nl/sitemap.xml', '/robots.txt/x']) expect(SERVER_PATHS.test(path), path).toBe(false);
    for (const path of ['/service-worker.js', '/icons/icon-192.png', '/nl/x.webmanifest']) expect(FILE_ADDRESS.test(path), path).toBe(true);
    for (const path of ['/pwa.html', '/nl/rolex-datejust.html', '/en/watches']) expect(FILE_ADDRESS.test(path), path).toBe(false);
  });
});
