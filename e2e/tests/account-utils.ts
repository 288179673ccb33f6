import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { PageGlobals } from './cart-utils.ts';

/** Helpers of the account journeys: customers made through the API, the login modal, the session the device keeps. */

export const USER_KEY = 'shop.user';
export const PASSWORD = 'correct horse 42';

let made = 0;

export interface Customer {
  email: string;
  firstname: string;
  lastname: string;
}

export function newCustomer(firstname = 'Ada'): Customer {
  made += 1;
  return { email: `e2e-${Date.now().toString(36)}-${made}@example.com`, firstname, lastname: 'Lovelace' };
}

export async function createCustomer(request: APIRequestContext, customer: Customer = newCustomer()): Promise<Customer> {
  const response = await request.post('/api/user/create', { data: { customer, password: PASSWORD } });
  expect(response.ok(), await response.text()).toBe(true);
  return customer;
}

export function loginButton(page: Page) {
  return page.getByRole('banner').getByRole('button', { name: 'Log in', exact: true });
}

export function accountLink(page: Page, firstname: string) {
  return page.getByRole('banner').getByRole('link', { name: `${firstname} (my account)` });
}

export async function loginThroughModal(page: Page, customer: Customer, password = PASSWORD): Promise<void> {
  await loginButton(page).click();
  const modal = page.getByRole('dialog', { name: 'Log in' });
  await expect(modal).toBeVisible();
  await modal.getByLabel('E-mail address').fill(customer.email);
  await modal.getByLabel('Password', { exact: true }).fill(password);
  await modal.getByRole('button', { name: 'Log in', exact: true }).last().click();
  await expect(accountLink(page, customer.firstname)).toBeVisible();
  await expect(modal).toBeHidden();
}

export interface StoredUser {
  token: string;
  refreshToken: string;
  sessionId: string;
}

export function storedUser(page: Page): Promise<StoredUser | null> {
  return page.evaluate((key) => {
    const text = (globalThis as unknown as PageGlobals).localStorage.getItem(key);
    return text ? (JSON.parse(text) as StoredUser) : null;
  }, USER_KEY);
}

/** The customer's server cart as sku → qty, asked with the customer's token. */
export async function customerCart(request: APIRequestContext, token: string, cartId: string): Promise<Record<string, number>> {
  const response = await request.get(`/api/cart/pull?cartId=${encodeURIComponent(cartId)}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.ok(), await response.text()).toBe(true);
  const items = (await response.json()).result as Array<{ sku: string; qty: number }>;
  return Object.fromEntries(items.map((item) => [item.sku, item.qty]));
}

/** How many documents (not deleted) each local collection holds, read through the developers' hook. */
export function localCounts(page: Page): Promise<Record<string, number>> {
  return page.evaluate(async () => {
    type Collection = { find(): { exec(): Promise<unknown[]> } };
    const devtools = (globalThis as unknown as { __shopDevtools?: { cart?: { database: { collections: Record<string, Collection> } } } }).__shopDevtools;
    const collections = devtools?.cart?.database.collections ?? {};
    const counts: Record<string, number> = {};
    for (const name of ['cart', 'wishlist', 'compare', 'checkoutDrafts']) counts[name] = (await collections[name]?.find().exec())?.length ?? -1;
    return counts;
  });
}
