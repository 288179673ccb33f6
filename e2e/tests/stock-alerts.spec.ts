import { expect, test } from './fixtures.ts';
import { axeClean } from './a11y.ts';
import { createCustomer, loginThroughModal, newCustomer } from './account-utils.ts';
import { placeApiOrder } from './payment-utils.ts';
import { fewInStock, shoot } from './utils.ts';

/**
 * Issue 19, item 5: a sold piece's back-in-stock alert. Someone else's unpaid order takes the last pieces; the customer
 * asks to be told on the product page; the other order is canceled and gives its pieces back; the shop mails the
 * customer once (the developers' mailbox shows the outbox), and my-account › Alerts shows the alert as e-mailed and
 * removes it.
 */

test('a sold piece: "Notify me when it is back", the stock returns, one mail, and my-account lists the alert as e-mailed', async ({ page, request }) => {
  test.setTimeout(120_000);
  const product = await fewInStock(request, { min: 1, max: 4, fromEnd: true });
  // Someone else's order waits for its online payment with every piece reserved: the piece is sold.
  const other = await placeApiOrder(request, product, { qty: product.qty, method: 'multisafepay_ideal' });
  const sold = await (await request.get(`/api/stock/check?sku=${encodeURIComponent(product.sku)}`)).json();
  expect(sold.result.status, 'the order took the last pieces').toBe('out_of_stock');

  const customer = await createCustomer(request, newCustomer('Clara'));
  await page.goto(`/en/${product.url_path}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await loginThroughModal(page, customer);
  const info = page.locator('.product-layout__info');
  // The shop's live stock check decides (the product's document may still count the pieces the order took).
  const notify = info.getByRole('button', { name: 'Notify me when it is back' });
  await expect(notify).toBeVisible();
  await expect(info.getByText(/This piece is sold\./)).toBeVisible();
  // The page's stock line agrees with it.
  await expect(info.locator('.product-status')).toHaveText('Out of stock');
  // No price alert on a sold piece: the one offer is "back in stock".
  await expect(info.getByRole('button', { name: 'Alert me if the price drops' })).toHaveCount(0);
  await axeClean(page, 'the sold piece’s page');
  await shoot(page, 'alerts-button', { fullPage: false });

  await notify.click();
  await expect(info.getByText('You are on the list: we e-mail you once when this piece is back.')).toBeVisible();
  await expect(notify).toHaveCount(0);
  await axeClean(page, 'the piece’s page with the alert saved');
  await shoot(page, 'alerts-saved', { fullPage: false });
  const mailbox = async () => ((await (await request.get(`/api/dev/mailbox?to=${encodeURIComponent(customer.email)}`)).json()).result as Array<{ subject: string; text: string }>).filter((mail) => mail.subject.startsWith('Back in stock'));
  expect(await mailbox(), 'nothing is mailed while the piece is sold').toEqual([]);

  // The other shopper cancels their unpaid order: the pieces go back, and the alert's one mail goes out.
  const canceled = await request.post(`/api/order-status/${other.result.order_token}/cancel?hash=${encodeURIComponent(other.result.hash)}`);
  expect(canceled.status(), await canceled.text()).toBe(200);
  await expect.poll(async () => (await mailbox()).length, { timeout: 15_000 }).toBe(1);
  const [mail] = await mailbox();
  expect(mail!.subject).toBe(`Back in stock: ${product.name}`);
  expect(mail!.text).toContain('Dear Clara,');
  expect(mail!.text).toContain(`/en/${product.url_path}`);

  // My account › Alerts: the alert, e-mailed, with its piece; Remove takes it away.
  await page.getByRole('link', { name: 'Manage your alerts' }).click();
  await expect(page).toHaveURL(/\/en\/my-account\/stock-alerts$/);
  const section = page.locator('.my-alerts');
  await expect(section.getByRole('heading', { level: 2, name: 'Alerts' })).toBeVisible();
  const item = section.getByRole('listitem').filter({ hasText: product.name });
  await expect(item).toHaveCount(1);
  await expect(item.locator('.my-alerts__state')).toHaveText('E-mailed');
  await expect(item.getByText('Back in stock')).toBeVisible();
  await expect(item.getByRole('link', { name: product.name })).toHaveAttribute('href', `/en/${product.url_path}`);
  await axeClean(page, 'my-account › Alerts');
  await shoot(page, 'alerts-my-account', { fullPage: false });
  // Its address is a page of the shop: opened directly (a bookmark, a reload), it answers 200 with the section.
  const reloaded = await page.reload();
  expect(reloaded?.status()).toBe(200);
  await expect(item.locator('.my-alerts__state')).toHaveText('E-mailed');

  await item.getByRole('button', { name: `Remove the alert for ${product.name}` }).click();
  await expect(section.getByText('The alert was removed.')).toBeVisible();
  await expect(section.getByText('You have no alerts.', { exact: false })).toBeVisible();
  const left = await page.evaluate(async () => {
    const user = JSON.parse((globalThis as unknown as { localStorage: { getItem(key: string): string | null } }).localStorage.getItem('shop.user') ?? '{}') as { token?: string };
    const response = await fetch('/api/stock/alerts', { headers: { authorization: `Bearer ${user.token}` } });
    return ((await response.json()) as { result: unknown[] }).result.length;
  });
  expect(left, 'the shop removed the alert').toBe(0);
  // Still one mail: the piece in stock mails nobody twice.
  expect(await mailbox()).toHaveLength(1);
});
