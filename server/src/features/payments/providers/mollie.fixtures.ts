/**
 * Recorded Mollie API answers, written from the shapes in Mollie's public documentation (Payments API v2, Methods
 * API). Ids and amounts are examples.
 */

export const MOLLIE_PAYMENT_ID = 'tr_7UhSN1zuXS';

export function molliePayment(status: string, overrides: { id?: string; value?: string; currency?: string; orderId?: string } = {}) {
  const id = overrides.id ?? MOLLIE_PAYMENT_ID;
  return {
    resource: 'payment',
    id,
    mode: 'test',
    createdAt: '2026-06-15T12:00:00+00:00',
    amount: { value: overrides.value ?? '1250.00', currency: overrides.currency ?? 'EUR' },
    description: 'Order 000000001',
    method: 'ideal',
    metadata: { order_id: overrides.orderId ?? 'order-1', increment_id: '000000001' },
    status,
    isCancelable: false,
    expiresAt: '2026-06-15T12:15:00+00:00',
    profileId: 'pfl_QkEhN94Ba',
    sequenceType: 'oneoff',
    redirectUrl: 'https://shop.example.com/nl/order-status/token?hash=abc',
    webhookUrl: 'https://shop.example.com/api/payment/notifications/mollie',
    ...(status === 'paid' ? { paidAt: '2026-06-15T12:03:00+00:00' } : {}),
    _links: {
      self: { href: `https://api.mollie.com/v2/payments/${id}`, type: 'application/hal+json' },
      ...(status === 'open' ? { checkout: { href: `https://www.mollie.com/checkout/select-issuer/ideal/${id.slice(3)}`, type: 'text/html' } } : {}),
      dashboard: { href: `https://www.mollie.com/dashboard/org_12345678/payments/${id}`, type: 'text/html' },
      documentation: { href: 'https://docs.mollie.com/reference/get-payment', type: 'text/html' },
    },
  };
}

export const MOLLIE_METHODS = {
  count: 2,
  _embedded: {
    methods: [
      {
        resource: 'method',
        id: 'ideal',
        description: 'iDEAL',
        minimumAmount: { value: '0.01', currency: 'EUR' },
        maximumAmount: { value: '50000.00', currency: 'EUR' },
        image: { size1x: 'https://www.mollie.com/external/icons/payment-methods/ideal.png', size2x: 'https://www.mollie.com/external/icons/payment-methods/ideal%402x.png', svg: 'https://www.mollie.com/external/icons/payment-methods/ideal.svg' },
        status: 'activated',
        _links: { self: { href: 'https://api.mollie.com/v2/methods/ideal', type: 'application/hal+json' } },
      },
      {
        resource: 'method',
        id: 'creditcard',
        description: 'Card',
        minimumAmount: { value: '0.01', currency: 'EUR' },
        maximumAmount: { value: '10000.00', currency: 'EUR' },
        image: { size1x: 'https://www.mollie.com/external/icons/payment-methods/creditcard.png', size2x: 'https://www.mollie.com/external/icons/payment-methods/creditcard%402x.png', svg: 'https://www.mollie.com/external/icons/payment-methods/creditcard.svg' },
        status: 'activated',
        _links: { self: { href: 'https://api.mollie.com/v2/methods/creditcard', type: 'application/hal+json' } },
      },
    ],
  },
  _links: { self: { href: 'https://api.mollie.com/v2/methods', type: 'application/hal+json' }, documentation: { href: 'https://docs.mollie.com/reference/list-methods', type: 'text/html' } },
};

export const MOLLIE_IDEAL_WITH_ISSUERS = {
  resource: 'method',
  id: 'ideal',
  description: 'iDEAL',
  image: { size1x: 'https://www.mollie.com/external/icons/payment-methods/ideal.png', size2x: 'https://www.mollie.com/external/icons/payment-methods/ideal%402x.png', svg: 'https://www.mollie.com/external/icons/payment-methods/ideal.svg' },
  status: 'activated',
  issuers: [
    { resource: 'issuer', id: 'ideal_ABNANL2A', name: 'ABN AMRO', image: { size1x: 'https://www.mollie.com/external/icons/ideal-issuers/ABNANL2A.png', size2x: 'https://www.mollie.com/external/icons/ideal-issuers/ABNANL2A%402x.png', svg: 'https://www.mollie.com/external/icons/ideal-issuers/ABNANL2A.svg' } },
    { resource: 'issuer', id: 'ideal_INGBNL2A', name: 'ING', image: { size1x: 'https://www.mollie.com/external/icons/ideal-issuers/INGBNL2A.png', size2x: 'https://www.mollie.com/external/icons/ideal-issuers/INGBNL2A%402x.png', svg: 'https://www.mollie.com/external/icons/ideal-issuers/INGBNL2A.svg' } },
  ],
  _links: { self: { href: 'https://api.mollie.com/v2/methods/ideal', type: 'application/hal+json' } },
};

/** An RFC 7807 problem, as Mollie answers a refused create. */
export const MOLLIE_UNPROCESSABLE = {
  status: 422,
  title: 'Unprocessable Entity',
  detail: 'The amount is higher than the maximum',
  field: 'amount',
  _links: { documentation: { href: 'https://docs.mollie.com/errors', type: 'text/html' } },
};

/** Every payment status Mollie documents. */
export const MOLLIE_STATUSES = ['open', 'canceled', 'pending', 'authorized', 'expired', 'failed', 'paid'] as const;
