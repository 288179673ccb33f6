import { CART_MESSAGES } from '@shop/shared/cart/index';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../app/i18n.ts';
import { loadCartTexts } from './cart-loader.ts';
import { cartNotification, cartProblemText, checkoutOffer, newStockNotices, stockNotification } from './cart-notices.ts';
import { SAMPLE_DOCS } from '@shop/shared/sync/test-documents';

beforeAll(async () => {
  await initI18n('en');
  await loadCartTexts();
});

const external = { externalCheckout: true, checkoutHref: '/en/checkout' };

describe('cart notifications', () => {
  it('use the spec’s exact English texts with an OK action', () => {
    const t = i18next.getFixedT('en', 'cart');
    expect(cartNotification({ kind: 'added' }, t, external)).toEqual({ type: 'success', message: CART_MESSAGES.added, action1: { label: 'OK' } });
    expect(cartNotification({ kind: 'qtyUpdated' }, t, external).message).toBe(CART_MESSAGES.qtyUpdated);
    const out = cartNotification({ kind: 'problem', problem: { code: 'cart_out_of_stock', message: CART_MESSAGES.outOfStock, severity: 'error' } }, t, external);
    expect(out).toEqual({ type: 'error', message: CART_MESSAGES.outOfStock, action1: { label: 'OK' } });
    const volatile = cartNotification({ kind: 'problem', problem: { code: 'cart_stock_volatile', message: CART_MESSAGES.volatile, severity: 'warning' } }, t, external);
    // Unchecked stock (offline, or stock sync off) is said as a shopper would, not in the spec's jargon.
    expect(volatile).toMatchObject({ type: 'warning', message: 'The product is in your cart. We could not check the stock just now; we check it again when you place your order.' });
    expect(cartNotification({ kind: 'problem', problem: { code: 'cart_price_unknown', message: CART_MESSAGES.priceUnknown, severity: 'error' } }, t, external).message).toBe(CART_MESSAGES.priceUnknown);
  });

  it('offer "Proceed to checkout" beside a success only when the checkout is internal', () => {
    const t = i18next.getFixedT('en', 'cart');
    expect(cartNotification({ kind: 'added' }, t, external).action2).toBeUndefined();
    expect(cartNotification({ kind: 'added' }, t, { externalCheckout: false, checkoutHref: '/en/checkout' }).action2).toEqual({ label: 'Proceed to checkout', href: '/en/checkout' });
    const problem = cartNotification({ kind: 'problem', problem: { code: 'cart_out_of_stock', message: CART_MESSAGES.outOfStock, severity: 'error' } }, t, { externalCheckout: false, checkoutHref: '/en/checkout' });
    expect(problem.action2).toBeUndefined();
  });

  describe('follow the checkout the server configures (issue 14, item 6)', () => {
    afterEach(() => vi.unstubAllGlobals());
    const answering = (answer: (store: string) => Response) =>
      vi.stubGlobal(
        'fetch',
        vi.fn(async (input: RequestInfo | URL) => {
          const url = new URL(String(input), 'http://shop.test');
          expect(url.pathname).toBe('/api/checkout/config');
          return answer(url.searchParams.get('storeCode') ?? '');
        }),
      );
    const config = (externalCheckout: boolean) =>
      new Response(JSON.stringify({ code: 200, result: { externalCheckout, cmsUrl: externalCheckout ? 'http://cms.shop.test' : null, countryInPath: false, shipToCountries: ['NL'] } }), { status: 200, headers: { 'content-type': 'application/json' } });

    it('leave "Proceed to checkout" out when the server says the checkout is external', async () => {
      answering(() => config(true));
      const offer = await checkoutOffer('en');
      expect(offer.externalCheckout).toBe(true);
      expect(cartNotification({ kind: 'added' }, i18next.getFixedT('en', 'cart'), offer).action2).toBeUndefined();
    });

    it('offer it, to the store’s own /checkout, when the checkout is internal or the server cannot be asked', async () => {
      answering(() => {
        throw new TypeError('Failed to fetch');
      });
      expect(await checkoutOffer('nl')).toEqual({ externalCheckout: false, checkoutHref: '/nl/checkout' });
      // The failure is not kept: the next notice asks again.
      answering(() => config(false));
      const offer = await checkoutOffer('nl');
      expect(cartNotification({ kind: 'qtyUpdated' }, i18next.getFixedT('en', 'cart'), offer).action2).toEqual({ label: 'Proceed to checkout', href: '/nl/checkout' });
    });
  });

  it('fill in the numbers a quantity message names, in every language', async () => {
    const problem = { code: 'cart_qty_only_available' as const, message: 'Only 3 products of this type are available', severity: 'error' as const, values: { maxQuantity: 3 } };
    expect(cartProblemText(i18next.getFixedT('en', 'cart'), problem)).toBe('Only 3 products of this type are available');
    await loadCartTexts();
    await i18next.changeLanguage('nl');
    await loadCartTexts();
    expect(cartProblemText(i18next.getFixedT('nl', 'cart'), problem)).toBe('Er zijn maar 3 stuks van dit product beschikbaar');
    await i18next.changeLanguage('en');
  });

  it('translate the product’s own errors it knows, and show others as they are', () => {
    const t = i18next.getFixedT('en', 'cart');
    expect(cartNotification({ kind: 'problem', problem: { code: 'cart_product_error', message: 'No available product variants', severity: 'error' } }, t, external).message).toBe('No available product variants');
    expect(cartNotification({ kind: 'problem', problem: { code: 'cart_product_error', message: 'Something odd', severity: 'error' } }, t, external).message).toBe('Something odd');
  });
});

describe('stock notices (issue 13, item 4)', () => {
  const line = (id: string, qty: number, stockNote: NonNullable<(typeof SAMPLE_DOCS)['cart']['stockNote']>) => ({ ...SAMPLE_DOCS.cart, id, qty, stockNote });

  it('tell each lowered, sold-out or removed line once, and a plain "In stock!" not at all', () => {
    const seen = new Map<string, number>();
    const lines = [
      line('a', 5, { status: 'in_stock', at: 1, maxQuantity: 5, loweredFrom: 40 }),
      line('b', 2, { status: 'out_of_stock', at: 1 }),
      line('c', 0, { status: 'out_of_stock', at: 1, removed: true, loweredFrom: 2 }),
      line('d', 1, { status: 'in_stock', at: 1, maxQuantity: 3 }),
    ];
    expect(newStockNotices(seen, lines)).toEqual([
      { kind: 'lowered', name: 'Ring', maxQuantity: 5 },
      { kind: 'outOfStock', name: 'Ring' },
      { kind: 'removed', name: 'Ring' },
    ]);
    expect(newStockNotices(seen, lines)).toEqual([]);
  });

  it("say it in the shopper's language with the spec's texts, as warnings that stay until dismissed", async () => {
    const en = i18next.getFixedT('en', 'cart');
    expect(stockNotification({ kind: 'lowered', name: 'Ring', maxQuantity: 5 }, en)).toMatchObject({ type: 'warning', hasNoTimeout: true, message: 'Ring: Only 5 products of this type are available' });
    expect(stockNotification({ kind: 'outOfStock', name: 'Ring' }, en).message).toBe('Ring: Out of the stock!');
    for (const language of ['nl', 'de', 'en']) {
      await i18next.changeLanguage(language);
      await loadCartTexts();
    }
    expect(stockNotification({ kind: 'removed', name: 'Ring' }, i18next.getFixedT('nl', 'cart')).message).toBe('Ring is niet meer op voorraad en is uit uw winkelwagen verwijderd.');
    expect(stockNotification({ kind: 'lowered', name: 'Ring', maxQuantity: 5 }, i18next.getFixedT('de', 'cart')).message).toBe('Ring: Von diesem Produkt sind nur 5 Stück verfügbar');
  });
});
