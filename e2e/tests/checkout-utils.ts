import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** Helpers of the checkout journeys: fill the steps as a shopper, read the orders the server holds. */

export const SHOPPER = { firstName: 'Anna', lastName: 'Jansen', email: 'anna.jansen@example.com', phone: '0612345678' };

export async function fillPersonal(page: Page): Promise<void> {
  await page.getByLabel('First name').fill(SHOPPER.firstName);
  await page.getByLabel('Last name').fill(SHOPPER.lastName);
  await page.getByLabel('E-mail address').fill(SHOPPER.email);
  await page.getByLabel('Phone Number').fill(SHOPPER.phone);
}

export async function fillShipping(page: Page, country = 'NL'): Promise<void> {
  const step = page.getByRole('region', { name: 'Shipping' });
  await step.getByLabel('First name').fill(SHOPPER.firstName);
  await step.getByLabel('Last name').fill(SHOPPER.lastName);
  await step.getByLabel('Street name').fill('Kalverstraat');
  await step.getByLabel('House/Apartment number').fill('1');
  await step.getByLabel('Zip-code').fill('1012 NX');
  await step.getByLabel('City').fill('Amsterdam');
  await step.getByLabel('Country').selectOption(country);
  await step.getByLabel('Phone Number').fill(SHOPPER.phone);
  await expect(step.getByRole('radio', { name: /DPD Courier/ })).toBeChecked();
}

/** From Personal Details to the Order Summary, paying with bank transfer unless another method is named. */
export async function toSummary(page: Page, paymentMethod = 'Bank transfer', country = 'NL'): Promise<void> {
  await fillPersonal(page);
  await page.getByRole('button', { name: 'Continue to Shipping' }).click();
  await fillShipping(page, country);
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  // The choice is written to the draft, and the radio follows the draft.
  await page.getByRole('radio', { name: paymentMethod }).click();
  await expect(page.getByRole('radio', { name: paymentMethod })).toBeChecked();
  await page.getByRole('button', { name: 'Continue to Order Summary' }).click();
  await expect(page.getByRole('button', { name: 'Place order' })).toBeVisible();
}

/** The orders the server holds for this cart's owner (the replicated `orders` documents). */
export async function serverOrders(request: APIRequestContext, cartToken: string): Promise<Array<{ id: string; resultCode?: number; increment_id?: string; confirmed: boolean }>> {
  const response = await request.get(`/api/replication/orders/pull?cartId=${encodeURIComponent(cartToken)}&limit=100`);
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()).result.documents.filter((doc: { _deleted?: boolean }) => !doc._deleted);
}
