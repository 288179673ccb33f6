import type { DatabaseDocs } from './collections.ts';

const snapshot = { value: { name: 'Ring', price_incl_tax: 1210, image: '/media/ring.svg', url_path: 'ring.html' }, at: 10, replica: 'tab-a' };

/** One valid document per collection, for tests here and in client/ and server/. */
export const SAMPLE_DOCS: DatabaseDocs = {
  cart: {
    id: 'RING-52:0123456789abcdef',
    updatedAt: 100,
    writeId: 'w1',
    sku: 'RING-52',
    checksum: '0123456789abcdef',
    parentSku: 'RING',
    type_id: 'configurable',
    product_option: { extension_attributes: { configurable_item_options: [{ option_id: 7, option_value: 52 }] } },
    snapshot,
    ops: [{ id: 'op1', kind: 'add', qty: 2, at: 10, replica: 'tab-a' }],
    qty: 2,
  },
  wishlist: { id: 'RING', updatedAt: 100, writeId: 'w1', sku: 'RING', adds: [{ id: 't1', at: 10, replica: 'tab-a' }], removed: [], snapshot },
  compare: { id: 'WATCH', updatedAt: 100, writeId: 'w1', sku: 'WATCH', adds: [], removed: ['t0'], snapshot },
  checkoutDrafts: {
    id: 'checkout',
    updatedAt: 100,
    writeId: 'w1',
    personalDetails: { firstName: { value: 'Anna', at: 10, replica: 'tab-a' } },
    shippingDetails: { region_id: { value: null, at: 11, replica: 'tab-a' } },
    paymentDetails: { paymentMethodAdditional: { value: { issuer: 'ING' }, at: 12, replica: 'tab-b' } },
  },
  orders: {
    id: 'order-1',
    updatedAt: 100,
    writeId: 'w1',
    created_at: 90,
    storeCode: 'nl',
    currency: 'EUR',
    customer_email: 'anna@example.com',
    personalDetails: { firstName: 'Anna', lastName: 'Jansen', emailAddress: 'anna@example.com' },
    shippingAddress: { firstName: 'Anna', lastName: 'Jansen', country: 'NL', streetAddress: 'Kalverstraat 1', city: 'Amsterdam', zipCode: '1012 NX' },
    billingAddress: { firstName: 'Anna', lastName: 'Jansen', country: 'NL', streetAddress: 'Kalverstraat 1', city: 'Amsterdam', zipCode: '1012 NX' },
    shippingMethod: { carrier_code: 'flatrate', method_code: 'flatrate' },
    paymentMethod: { code: 'multisafepay_ideal', additional: { issuer: 'ING' } },
    items: [{ sku: 'RING-52', type_id: 'configurable', checksum: '0123456789abcdef', qty: 1, name: 'Ring', price_incl_tax: 1210 }],
    totals: { subtotal_incl_tax: 1210, shipping_incl_tax: 5, grand_total: 1215 },
    confirmed: true,
    transmited: false,
  },
  syncTasks: {
    id: 'task-1',
    task_id: 'task-1',
    url: '/api/stats/log',
    payload: { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json', 'x-client': '1.0' }, body: { event: 'product_view', sku: 'RING-52' } },
    silent: true,
    is_result_cacheable: false,
    acknowledged: false,
    meta: { kind: 'stats', auth: 'public', ready: true, attempts: 0, storeCode: 'nl', language: 'nl' },
    created_at: 90,
    updated_at: 90,
    transmited: false,
  },
};

/**
 * A sync task as version 0 of the collection (replicated, decision 010) stored it, frozen: never edit it. The
 * migration tests of shared and of the client read it.
 */
export const FROZEN_SYNC_TASK_V0 = Object.freeze({
  id: 'b6f1c0de-0000-4000-8000-00000000a5c1',
  updatedAt: 1_767_225_600_000,
  writeId: 'b6f1c0de-0000-4000-8000-000000000002',
  url: '/api/user/me?token={{token}}',
  payload: { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: { customer: { firstname: 'Anna' } } },
  silent: false,
  callback_event: 'account:notices.profileUpdated',
  is_result_cacheable: false,
  acknowledged: false,
  created_at: 1_767_225_500_000,
  transmited: false,
});

/**
 * A cart line as version 0 of the cart collection stored it, frozen: never edit it, add a new fixture for a new
 * version. The migration tests of shared (the function) and of the client (RxDB running it) both read it.
 */
export const FROZEN_CART_LINE_V0 = Object.freeze({
  id: 'RING-52:0123456789abcdef',
  updatedAt: 1_767_225_600_000,
  writeId: 'b6f1c0de-0000-4000-8000-000000000001',
  sku: 'RING-52',
  checksum: '0123456789abcdef',
  parentSku: 'RING',
  type_id: 'configurable',
  product_option: { extension_attributes: { configurable_item_options: [{ option_id: 7, option_value: 52 }] } },
  custom_size: '52',
  custom_size_unit: 'mm',
  name: 'Solitaire ring',
  price_incl_tax: 1210,
  image: '/media/ring.svg',
  url_path: 'rings/solitaire-ring.html',
  qty: 3,
  serverItemId: '4711',
});
