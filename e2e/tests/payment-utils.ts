import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { simpleProducts } from './cart-utils.ts';

/**
 * Helpers of the payment and order-status journeys: a guest order placed through the API the way the browser
 * places it (a guest cart token, then POST /api/order with the order document), and the payment flow started in
 * the page through the developer tools registry (the door every order-status page registers).
 */

export interface PlacedOrder {
  id: string;
  incrementId: string;
  token: string;
  hash: string;
  email: string;
}

/** The order the checkout hands to startPayment (checkout contract of issue 6). */
export interface PlacedOrderForPayment {
  orderId: string;
  incrementId: string;
  storeCode: string;
  currency: string;
  amount: number;
  method: string;
  issuer?: string;
  description: string;
  /** The order's token, which proves to the payment calls that the order is the shopper's (X-Order-Token). */
  orderToken?: string;
}

const address = { firstName: 'Anna', lastName: 'Jansen', country: 'NL', streetAddress: 'Kalverstraat 1', city: 'Amsterdam', zipCode: '1012 NX', phoneNumber: '0612345678' };

/** A guest order placed through the API as a browser places it: a cart token, then POST /api/order (bank or online). */
export async function placeApiOrder(request: APIRequestContext, product: { sku: string; name: string }, options: { qty?: number; method?: string } = {}) {
  const cart = await request.post('/api/cart/create');
  expect(cart.ok(), await cart.text()).toBe(true);
  const cartToken = (await cart.json()).result as string;
  const id = `order-${randomUUID()}`;
  const email = `anna+${id.slice(6, 14)}@example.com`;
  const order = {
    id,
    created_at: Date.now(),
    storeCode: 'en',
    currency: 'EUR',
    customer_email: email,
    personalDetails: { firstName: 'Anna', lastName: 'Jansen', emailAddress: email },
    shippingAddress: address,
    billingAddress: address,
    shippingMethod: { carrier_code: 'flatrate', method_code: 'flatrate' },
    paymentMethod: { code: options.method ?? 'banktransfer' },
    items: [{ sku: product.sku, type_id: 'simple', checksum: '0123456789abcdef', qty: options.qty ?? 1, name: product.name, price_incl_tax: 1 }],
    totals: { subtotal_incl_tax: 1, shipping_incl_tax: 0, grand_total: 1 },
    confirmed: true,
  };
  const placed = await request.post(`/api/order?cartId=${encodeURIComponent(cartToken)}`, { data: { order } });
  expect(placed.status(), await placed.text()).toBe(200);
  const result = (await placed.json()).result as { increment_id: string; order_token: string; hash: string; payment_required: boolean };
  return { id, email, result };
}

export async function placeGuestOrder(request: APIRequestContext, method = 'multisafepay_ideal'): Promise<PlacedOrder> {
  const [product] = await simpleProducts(request, 1);
  const { id, email, result } = await placeApiOrder(request, product!, { method });
  expect(result.payment_required).toBe(true);
  return { id, incrementId: result.increment_id, token: result.order_token, hash: result.hash, email };
}

/** The order as the checkout hands it over; iDEAL with the bank the shopper chose (the sandbox's ING). */
export function paymentOrder(order: PlacedOrder, method = 'multisafepay_ideal'): PlacedOrderForPayment {
  return {
    orderId: order.id,
    incrementId: order.incrementId,
    storeCode: 'en',
    currency: 'EUR',
    amount: 1,
    method,
    ...(method === 'multisafepay_ideal' ? { issuer: 'ideal_INGBNL2A' } : {}),
    description: `Order ${order.incrementId}`,
    orderToken: order.token,
  };
}

export function statusUrl(order: PlacedOrder, hash = order.hash): string {
  return `/en/order-status/${order.token}?hash=${encodeURIComponent(hash)}`;
}

interface DevtoolsGlobals {
  __shopDevtools?: { payment?: { startPayment(order: PlacedOrderForPayment): Promise<string> } };
}

/**
 * Starts the payment flow in the page as the checkout does. The page must be a shop page that has shown an
 * order-status page (whose door registers `payment` with the developer tools).
 */
export async function startPaymentInPage(page: Page, order: PlacedOrderForPayment): Promise<void> {
  await expect.poll(() => page.evaluate(() => typeof (globalThis as DevtoolsGlobals).__shopDevtools?.payment?.startPayment)).toBe('function');
  // Not awaited: on success the page leaves for the provider, which ends the evaluation.
  void page
    .evaluate((placed) => {
      void (globalThis as DevtoolsGlobals).__shopDevtools!.payment!.startPayment(placed);
    }, order)
    .catch(() => {});
}

/** On the sandbox's hosted page: chooses how the payment ends. */
export async function choosePaymentOutcome(page: Page, outcome: 'Paid' | 'Pending' | 'Failed' | 'Expired' | 'Cancelled'): Promise<void> {
  await expect(page).toHaveURL(/\/sandbox-pay\//);
  await page.getByRole('button', { name: outcome, exact: true }).click();
}

/** The amount the sandbox's hosted page charges, as it shows it ("€7,260.00"). */
export async function sandboxAmount(page: Page): Promise<string> {
  await expect(page).toHaveURL(/\/sandbox-pay\//);
  return ((await page.locator('dt', { hasText: /^Amount$/ }).locator('xpath=following-sibling::dd[1]').textContent()) ?? '').trim();
}

/** The mails the shop sent to `email` about order `number` (the developers' mailbox), newest first. */
export async function mailsAbout(request: APIRequestContext, email: string, number: string): Promise<Array<{ subject: string; text: string }>> {
  const response = await request.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`);
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()).result as Array<{ subject: string; text: string }>).filter((mail) => mail.subject.includes(number));
}
