import { CART_MESSAGES } from '@shop/shared/cart/index';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../app/i18n.ts';
import { loadCartTexts } from './cart-loader.ts';
import { cartNotification } from './cart-notices.ts';

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
    expect(volatile).toMatchObject({ type: 'warning', message: CART_MESSAGES.volatile });
    expect(cartNotification({ kind: 'problem', problem: { code: 'cart_price_unknown', message: CART_MESSAGES.priceUnknown, severity: 'error' } }, t, external).message).toBe(CART_MESSAGES.priceUnknown);
  });

  it('offer "Proceed to checkout" beside a success only when the checkout is internal', () => {
    const t = i18next.getFixedT('en', 'cart');
    expect(cartNotification({ kind: 'added' }, t, external).action2).toBeUndefined();
    expect(cartNotification({ kind: 'added' }, t, { externalCheckout: false, checkoutHref: '/en/checkout' }).action2).toEqual({ label: 'Proceed to checkout', href: '/en/checkout' });
    const problem = cartNotification({ kind: 'problem', problem: { code: 'cart_out_of_stock', message: CART_MESSAGES.outOfStock, severity: 'error' } }, t, { externalCheckout: false, checkoutHref: '/en/checkout' });
    expect(problem.action2).toBeUndefined();
  });

  it('translate the product’s own errors it knows, and show others as they are', () => {
    const t = i18next.getFixedT('en', 'cart');
    expect(cartNotification({ kind: 'problem', problem: { code: 'cart_product_error', message: 'No available product variants', severity: 'error' } }, t, external).message).toBe('No available product variants');
    expect(cartNotification({ kind: 'problem', problem: { code: 'cart_product_error', message: 'Something odd', severity: 'error' } }, t, external).message).toBe('Something odd');
  });
});
