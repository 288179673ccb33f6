import { createMemoryHistory } from '@tanstack/react-router';
import { MY_ACCOUNT_SECTIONS, STORE_PAGES } from '@shop/shared/stores/store-pages';
import { describe, expect, it } from 'vitest';
import { SECTIONS } from '../features/account/my-account-page.tsx';
import { createShopRouter, storeRoute } from './router.tsx';

async function landing(path: string) {
  const router = createShopRouter({ history: createMemoryHistory({ initialEntries: [path] }) });
  await router.load();
  return router.state.location.href;
}

describe('pages opened without a store', () => {
  it('go to the default store’s page, with their query', async () => {
    expect(await landing('/checkout')).toBe('/nl/checkout');
    expect(await landing('/orderstatus?transactionid=abc&hash=h1')).toBe('/nl/orderstatus?transactionid=abc&hash=h1');
    expect(await landing('/order-status/tok123?hash=h2')).toBe('/nl/order-status/tok123?hash=h2');
    expect(await landing('/my-account/orders')).toBe('/nl/my-account/orders');
    expect(await landing('/')).toBe('/nl');
  });

  it('go to the store of their language when their address is in one (the trade-in form), else to the chosen store', async () => {
    expect(await landing('/ruil-uw-horloge-in-bij-ace')).toBe('/nl/ruil-uw-horloge-in-bij-ace');
    expect(await landing('/trade-in-or-sell-your-watch')).toBe('/en/trade-in-or-sell-your-watch');
    expect(await landing('/contacts')).toBe('/nl/contacts');
    localStorage.setItem('shop.store', 'en');
    try {
      expect(await landing('/ruil-uw-horloge-in-bij-ace')).toBe('/nl/ruil-uw-horloge-in-bij-ace');
      expect(await landing('/contacts')).toBe('/en/contacts');
    } finally {
      localStorage.removeItem('shop.store');
    }
  });

  it('leave store pages and unknown paths alone', async () => {
    expect(await landing('/en/checkout')).toBe('/en/checkout');
    expect(await landing('/xx/checkout')).toBe('/xx/checkout');
    expect(await landing('/documentation')).toBe('/documentation');
  });
});

describe('the route table', () => {
  it('has exactly the store pages the server answers 200 for (shared STORE_PAGES), besides Home and the catalogue', () => {
    createShopRouter();
    const paths = (storeRoute.children as Array<{ options: { path?: string } }>).map((route) => route.options.path).filter((path) => path !== '/' && path !== '$');
    expect(paths.sort()).toEqual([...STORE_PAGES].sort());
  });

  it('has the /my-account sections the server knows', () => {
    expect(['profile', ...SECTIONS.map((section) => section.path)].sort()).toEqual([...MY_ACCOUNT_SECTIONS].sort());
  });
});
