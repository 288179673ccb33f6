import { describe, expect, it } from 'vitest';
import {
  AFTERPAY_TITLE,
  addressProblems,
  bankTransferInstructions,
  canChangeOrderStatus,
  checkOrder,
  clientTotalsDiffer,
  formatIban,
  formatIncrementId,
  ibanValid,
  offerPaymentMethods,
  onlyVirtualItems,
  orderItemsToCart,
  orderMessage,
  orderStatusKey,
  orderStatusLabel,
  paymentRequired,
  purchaseOrderNumber,
  shippingMethodsFor,
  toMinorUnits,
} from './index.ts';
import { PROVIDER_METHODS } from '../payments/provider-methods.ts';
import { DEFAULT_OFFLINE_PAYMENT_MAX, DEFAULT_PAYMENT_MAPPING, HIGH_VALUE_LIMITED_METHODS, paymentAllowedForTotal } from './payment-methods.ts';

const codes = (methods: ReturnType<typeof offerPaymentMethods>) => methods.map((m) => m.code);

describe('payment methods offered', () => {
  it('offers only the codes in the mapping, the first one default', () => {
    const offered = offerPaymentMethods({ mapping: ['cashondelivery', 'banktransfer'], itemTypes: ['simple'] });
    expect(codes(offered)).toEqual(['banktransfer', 'cashondelivery']);
    expect(offered.map((m) => m.default)).toEqual([true, false]);
    expect(codes(offerPaymentMethods({ mapping: [], itemTypes: ['simple'] }))).toEqual([]);
  });

  it('relabels AFTERPAY as Riverty - pay later', () => {
    const [afterpay] = offerPaymentMethods({ mapping: ['afterpay'], itemTypes: ['simple'], providerMethods: PROVIDER_METHODS.multisafepay });
    expect(afterpay!.title).toBe(AFTERPAY_TITLE);
    expect(AFTERPAY_TITLE).toBe('Riverty - pay later');
  });

  it('sorts by the configured order when sorting is on, keeps the known order when off', () => {
    const mapping = ['banktransfer', 'checkmo', 'multisafepay_ideal'];
    const providerMethods = PROVIDER_METHODS.sandbox;
    expect(codes(offerPaymentMethods({ mapping, itemTypes: ['simple'], providerMethods }))).toEqual(['banktransfer', 'checkmo', 'multisafepay_ideal']);
    expect(codes(offerPaymentMethods({ mapping, sortOrder: ['multisafepay_ideal', 'checkmo'], itemTypes: ['simple'], providerMethods }))).toEqual(['multisafepay_ideal', 'checkmo', 'banktransfer']);
  });

  it('hides cash on delivery for carts of only virtual or downloadable items', () => {
    const mapping = ['banktransfer', 'cashondelivery'];
    expect(codes(offerPaymentMethods({ mapping, itemTypes: ['virtual', 'downloadable'] }))).toEqual(['banktransfer']);
    expect(codes(offerPaymentMethods({ mapping, itemTypes: ['virtual', 'simple'] }))).toEqual(['banktransfer', 'cashondelivery']);
    expect(onlyVirtualItems([])).toBe(false);
  });

  it('marks the payment service methods and defaults the purchase order number', () => {
    expect(offerPaymentMethods({ mapping: ['multisafepay_ideal'], itemTypes: [], providerMethods: ['ideal'] })[0]).toMatchObject({ code: 'multisafepay_ideal', is_server_method: true });
    expect(purchaseOrderNumber(undefined)).toBe('000000000');
    expect(purchaseOrderNumber('  ')).toBe('000000000');
    expect(purchaseOrderNumber('PO-1')).toBe('PO-1');
  });

  it('offers exactly the payment-service methods the active provider takes, and every offline method', () => {
    const offered = (provider: keyof typeof PROVIDER_METHODS) => codes(offerPaymentMethods({ mapping: DEFAULT_PAYMENT_MAPPING, itemTypes: ['simple'], providerMethods: PROVIDER_METHODS[provider] }));
    const offline = ['banktransfer', 'checkmo', 'purchaseorder', 'cashondelivery'];
    expect(offered('sandbox')).toEqual([...offline, 'multisafepay_ideal', 'multisafepay_creditcard', 'multisafepay_paypal']);
    expect(offered('multisafepay')).toEqual([...offline, 'afterpay', 'multisafepay_ideal', 'multisafepay_creditcard', 'multisafepay_paypal']);
    expect(offered('mollie')).toEqual([...offline, 'multisafepay_ideal', 'multisafepay_creditcard', 'multisafepay_paypal']);
    // Without a known provider (offline), only the methods that need none.
    expect(codes(offerPaymentMethods({ mapping: DEFAULT_PAYMENT_MAPPING, itemTypes: ['simple'] }))).toEqual(offline);
  });

  it('puts iDEAL first in the Dutch store and cards first in the English one, unless the operator sorts', () => {
    const providerMethods = PROVIDER_METHODS.sandbox;
    const nl = codes(offerPaymentMethods({ mapping: DEFAULT_PAYMENT_MAPPING, itemTypes: ['simple'], providerMethods, store: 'nl' }));
    expect(nl.slice(0, 4)).toEqual(['multisafepay_ideal', 'multisafepay_creditcard', 'multisafepay_paypal', 'banktransfer']);
    expect(offerPaymentMethods({ mapping: DEFAULT_PAYMENT_MAPPING, itemTypes: ['simple'], providerMethods, store: 'nl' })[0]).toMatchObject({ code: 'multisafepay_ideal', default: true });
    expect(codes(offerPaymentMethods({ mapping: DEFAULT_PAYMENT_MAPPING, itemTypes: ['simple'], providerMethods, store: 'en' })).slice(0, 3)).toEqual(['multisafepay_creditcard', 'multisafepay_paypal', 'multisafepay_ideal']);
    // The operator's order wins over the store's.
    expect(codes(offerPaymentMethods({ mapping: DEFAULT_PAYMENT_MAPPING, itemTypes: ['simple'], providerMethods, store: 'nl', sortOrder: ['banktransfer'] }))[0]).toBe('banktransfer');
  });

  it('leaves out cheque and cash on delivery above the limit, keeps them when the operator turns the limit off', () => {
    const mapping = ['banktransfer', 'checkmo', 'cashondelivery', 'purchaseorder'];
    expect(codes(offerPaymentMethods({ mapping, itemTypes: ['simple'], baseGrandTotal: DEFAULT_OFFLINE_PAYMENT_MAX }))).toEqual(['banktransfer', 'checkmo', 'purchaseorder', 'cashondelivery']);
    expect(codes(offerPaymentMethods({ mapping, itemTypes: ['simple'], baseGrandTotal: 7000 }))).toEqual(['banktransfer', 'purchaseorder']);
    expect(codes(offerPaymentMethods({ mapping, itemTypes: ['simple'], baseGrandTotal: 7000, offlineMax: 10_000 }))).toEqual(['banktransfer', 'checkmo', 'purchaseorder', 'cashondelivery']);
    expect(codes(offerPaymentMethods({ mapping, itemTypes: ['simple'], baseGrandTotal: 7000, offlineMax: null }))).toEqual(['banktransfer', 'checkmo', 'purchaseorder', 'cashondelivery']);
    expect(paymentAllowedForTotal('cashondelivery', 1000.01, 1000)).toBe(false);
    expect(paymentAllowedForTotal('banktransfer', 1_000_000, 1000)).toBe(true);
    expect(HIGH_VALUE_LIMITED_METHODS).toEqual(['checkmo', 'cashondelivery']);
  });
});

describe('shipping', () => {
  it('DPD Courier (4, 5 incl. tax) for the ship-to countries only', () => {
    expect(shippingMethodsFor('nl')).toEqual([expect.objectContaining({ method_title: 'DPD Courier', amount: 4, price_incl_tax: 5 })]);
    for (const country of ['DE', 'IT', 'US']) expect(shippingMethodsFor(country)).toHaveLength(1);
    expect(shippingMethodsFor('PL')).toEqual([]);
    expect(shippingMethodsFor(null)).toHaveLength(1);
  });
});

describe('order checks', () => {
  const address = { firstName: 'Anna', lastName: 'Jansen', country: 'NL', streetAddress: 'Kalverstraat 1', city: 'Amsterdam', zipCode: '1012 NX' };
  const order = {
    customer_email: 'anna@example.com',
    personalDetails: { firstName: 'Anna', lastName: 'Jansen', emailAddress: 'anna@example.com' },
    shippingAddress: address,
    billingAddress: address,
    shippingMethod: { carrier_code: 'flatrate', method_code: 'flatrate' },
    paymentMethod: { code: 'banktransfer' },
    items: [{ sku: 'A', type_id: 'simple' as const, checksum: '0123456789abcdef', qty: 1, name: 'A', price_incl_tax: 1 }],
  };
  const options = { isShippingMethod: (c: string) => c === 'flatrate', isPaymentMethod: (c: string) => c === 'banktransfer' };

  it('passes a complete order', () => {
    expect(checkOrder(order, options)).toEqual({ ok: true });
  });

  it('an address field rule broken is an invalid address; anything else a validation error', () => {
    expect(checkOrder({ ...order, shippingAddress: { ...address, zipCode: '1' } }, options)).toMatchObject({ ok: false, kind: 'invalidAddress', problems: [{ field: 'shippingAddress.zipCode', message: 'zipMinLength' }] });
    expect(addressProblems({ ...address, country: 'PL' }, 's', { shipping: true })).toEqual([{ field: 's.country', message: 'countryNotShipped' }]);
    expect(addressProblems({ ...address, country: 'PL' }, 'b', { shipping: false })).toEqual([]);
    expect(addressProblems({ ...address, taxId: 'ab' }, 'b', { shipping: false })).toEqual([{ field: 'b.taxId', message: 'taxIdMinLength' }]);
    expect(checkOrder({ ...order, customer_email: 'x' }, options)).toMatchObject({ kind: 'validationError' });
    expect(checkOrder({ ...order, paymentMethod: { code: 'cash' } }, options)).toMatchObject({ kind: 'validationError', problems: [{ field: 'paymentMethod' }] });
    expect(checkOrder({ ...order, items: [] }, options)).toMatchObject({ kind: 'validationError', problems: [{ field: 'items' }] });
  });

  it('writes the spec messages with the contact address', () => {
    expect(orderMessage('invalidAddress', { email: 'shop@example.com' })).toBe('Address provided in checkout contains invalid data, order cancelled, contact shop@example.com');
    expect(orderMessage('validationError', { email: 'shop@example.com' })).toBe('Internal validation error, check required fields, contact shop@example.com');
    expect(orderMessage('notAvailable')).toBe('Some of the ordered products are not available');
    expect(orderMessage('placingError')).toBe('Error placing an order');
  });
});

describe('totals, numbers and statuses', () => {
  it('compares client totals by the cent and converts to minor units', () => {
    expect(toMinorUnits(1215.5)).toBe(121550);
    expect(toMinorUnits(0.1 + 0.2)).toBe(30);
    const server = { subtotal_incl_tax: 1210, shipping_incl_tax: 5, grand_total: 1215 };
    expect(clientTotalsDiffer({ ...server }, server)).toBe(false);
    expect(clientTotalsDiffer({ ...server, grand_total: 1 }, server)).toBe(true);
    expect(paymentRequired(true, 10)).toBe(true);
    expect(paymentRequired(true, 0)).toBe(false);
    expect(paymentRequired(false, 10)).toBe(false);
  });

  it('numbers orders with nine digits and labels statuses', () => {
    expect(formatIncrementId(1)).toBe('000000001');
    expect(formatIncrementId(42, 'EN')).toBe('EN000000042');
    expect(['pending', 'processing', 'complete', 'canceled', 'pending_payment'].map(orderStatusLabel)).toEqual(['Pending', 'Processing', 'Complete', 'Canceled', 'Pending Payment']);
    // A status the shop does not know yet is never shown as a raw code.
    expect(['on_hold', 'payment_review', 'holded'].map(orderStatusLabel)).toEqual(['On hold', 'Payment review', 'Holded']);
    expect(orderStatusKey('pending_payment')).toBe('orderStatus.pending_payment');
    expect(canChangeOrderStatus('pending', 'processing')).toBe(true);
    expect(canChangeOrderStatus('canceled', 'processing')).toBe(false);
    expect(canChangeOrderStatus('complete', 'canceled')).toBe(false);
  });
});

describe('bank transfer instructions', () => {
  it('checks an IBAN by its check digits and prints it in groups of four', () => {
    expect(ibanValid('NL91 ABNA 0417 1643 00')).toBe(true);
    expect(ibanValid('DE89370400440532013000')).toBe(true);
    expect(ibanValid('NL92ABNA0417164300')).toBe(false);
    expect(ibanValid('NL91')).toBe(false);
    expect(formatIban('nl91abna0417164300')).toBe('NL91 ABNA 0417 1643 00');
  });

  it('the amount is the order total and the reference its number', () => {
    expect(bankTransferInstructions({ account_holder: 'Shop', iban: 'nl91 abna 0417 1643 00', bic: 'ABNANL2A' }, { grand_total: 7260, currency: 'EUR', increment_id: '000000012' })).toEqual({
      account_holder: 'Shop',
      iban: 'NL91ABNA0417164300',
      bic: 'ABNANL2A',
      amount: 7260,
      currency: 'EUR',
      reference: '000000012',
    });
  });
});

describe('an order back into the cart', () => {
  it('each item becomes the cart item it came from: same line id, options and price; the catalogue names it where it can', () => {
    const items = orderItemsToCart(
      [
        { sku: 'RING-1', type_id: 'simple', checksum: 'abc', qty: 2, name: 'Old name', price_incl_tax: 7254.99, custom_size: '54', custom_size_unit: 'mm' },
        { sku: 'GONE', type_id: 'simple', checksum: 'def', qty: 1, name: 'Gone watch', price_incl_tax: 100 },
      ],
      (sku) => (sku === 'RING-1' ? { name: 'Ring', image: '/r.jpg', url_path: 'rings/ring-1' } : undefined),
    );
    expect(items).toEqual([
      { id: 'RING-1:abc', sku: 'RING-1', checksum: 'abc', type_id: 'simple', qty: 2, custom_size: '54', custom_size_unit: 'mm', snapshot: { name: 'Ring', price_incl_tax: 7254.99, image: '/r.jpg', url_path: 'rings/ring-1' } },
      { id: 'GONE:def', sku: 'GONE', checksum: 'def', type_id: 'simple', qty: 1, snapshot: { name: 'Gone watch', price_incl_tax: 100, image: '', url_path: '' } },
    ]);
  });
});
