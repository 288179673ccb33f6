import type { APIRequestContext, Page } from '@playwright/test';
import {  } from './cart-utils.ts';
import { expect, test } from './fixtures.ts';
import { offlineShellReady, shoot } from './utils.ts';

/**
 * The shop's forms (issue 17) on the sync task queue: a trade-in typed offline with two pictures survives a reload
 * and reaches the shop exactly once, pictures and both mails included; the contact form shows the spec's messages;
 * the forms' addresses are pages (no "page not found"), the store-less Dutch trade-in address opens the Dutch store.
 */
const NOT_FOUND = "Unfortunately we can't find the page";
/** The e2e server's admin token (playwright.config.ts). */
const ADMIN = { authorization: `Bearer ${process.env.E2E_ADMIN_TOKEN ?? 'e2e-admin-token-of-the-journeys'}` };

/** A real JPEG of the given size and colour, drawn by the browser's canvas. */
async function jpeg(page: Page, width: number, height: number, colour: string): Promise<Buffer> {
  const data = await page.evaluate(
    ({ width, height, colour }) => {
      const doc = (globalThis as unknown as { document: { createElement(tag: 'canvas'): { width: number; height: number; getContext(kind: '2d'): { fillStyle: string; fillRect(x: number, y: number, w: number, h: number): void }; toDataURL(type: string, quality: number): string } } }).document;
      const canvas = doc.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d');
      context.fillStyle = colour;
      context.fillRect(0, 0, width, height);
      context.fillStyle = '#fff';
      context.fillRect(width / 4, height / 4, width / 2, height / 2);
      return canvas.toDataURL('image/jpeg', 0.9).split(',')[1]!;
    },
    { width, height, colour },
  );
  return Buffer.from(data, 'base64');
}

interface InboxItem {
  id: number | string;
  kind: string;
  email?: string | null;
  files?: unknown[];
}

async function inbox(request: APIRequestContext, kind: string): Promise<InboxItem[]> {
  const response = await request.get(`/api/admin/inbox?kind=${kind}&limit=100`, { headers: ADMIN });
  expect(response.ok(), await response.text()).toBe(true);
  const result = (await response.json()).result as InboxItem[] | { items: InboxItem[] };
  return Array.isArray(result) ? result : result.items;
}

async function mails(request: APIRequestContext): Promise<Array<{ to: string; subject: string; text: string }>> {
  const response = await request.get('/api/dev/mailbox');
  expect(response.ok()).toBe(true);
  return (await response.json()).result as Array<{ to: string; subject: string; text: string }>;
}

test('a trade-in typed offline with two pictures survives a reload and reaches the shop once, with both pictures and both mails', async ({ page, context, request }) => {
  const email = `trade-in-${Date.now()}@example.com`;
  await page.goto('/nl/ruil-uw-horloge-in-bij-ace');
  await expect(page.getByRole('heading', { level: 1, name: 'Ruil uw horloge in of verkoop het' })).toBeVisible();
  await offlineShellReady(page);
  const dial = await jpeg(page, 3000, 2000, '#1c2a44');
  const back = await jpeg(page, 1200, 1600, '#7a5f30');
  // The catalogue's brands are in the list (read online once, then cached).
  await expect(page.getByLabel('Merk', { exact: true }).locator('option')).not.toHaveCount(2);

  await context.setOffline(true);
  await page.getByLabel('Merk', { exact: true }).selectOption({ index: 1 });
  await page.getByLabel('Model of referentie').fill('Submariner 16610');
  await page.getByLabel('Jaar van aankoop').fill('2004');
  await page.getByLabel('Jaar laatste onderhoud').fill('2019');
  await page.getByLabel('Gewenst bedrag (EUR)').fill('8500');
  await page.getByLabel('Inruil', { exact: true }).check();
  for (const group of ['Aankoopbewijs aanwezig', 'Garantiekaart aanwezig', 'Doos aanwezig']) await page.getByRole('group', { name: group }).getByLabel('Ja').check();
  await page.locator('input[type="file"]').setInputFiles([
    { name: 'dial.jpg', mimeType: 'image/jpeg', buffer: dial },
    { name: 'back.jpg', mimeType: 'image/jpeg', buffer: back },
  ]);
  await expect(page.getByText('2 van 6 foto\'s')).toBeVisible();
  await page.getByLabel('Naam', { exact: true }).fill('Jan Bakker');
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Opmerkingen').fill('Met originele doos en papieren.');
  await page.getByLabel('Ik accepteer de algemene voorwaarden').check();
  await shoot(page, 'forms-trade-in-filled');
  await page.getByRole('button', { name: 'Verzenden' }).click();
  const saved = page.getByText('U bent offline: uw aanvraag is op dit apparaat bewaard en wordt verzonden zodra de verbinding terug is.');
  await expect(saved).toBeVisible();

  // The offline shell reloads the page; the inquiry is still on this device.
  await page.reload();
  await expect(saved).toBeVisible({ timeout: 20_000 });
  expect((await inbox(request, 'tradeIn')).filter((item) => item.email === email)).toEqual([]);

  await context.setOffline(false);
  await expect(page.getByText('Dank u! Uw aanvraag is verzonden.')).toBeVisible({ timeout: 30_000 });
  await shoot(page, 'forms-trade-in-sent');

  const mine = (await inbox(request, 'tradeIn')).filter((item) => item.email === email);
  expect(mine).toHaveLength(1);
  const detail = await request.get(`/api/admin/inbox/${mine[0]!.id}`, { headers: ADMIN });
  expect(detail.ok(), await detail.text()).toBe(true);
  const submission = (await detail.json()).result as { files: Array<{ content_type: string; width?: number; height?: number }> };
  expect(submission.files).toHaveLength(2);
  // Made smaller in the browser: the long edge at most 2048 px.
  for (const file of submission.files) expect(Math.max(file.width ?? 0, file.height ?? 0)).toBeLessThanOrEqual(2048);

  await expect
    .poll(async () => {
      const all = await mails(request);
      return { confirmation: all.filter((mail) => mail.to.includes(email)).length, notification: all.filter((mail) => !mail.to.includes(email) && mail.text.includes(email)).length };
    })
    .toEqual({ confirmation: 1, notification: 1 });
});

test('the contact form shows the spec’s messages, linked to their fields', async ({ page }) => {
  await page.goto('/en/contacts');
  await expect(page.getByRole('heading', { level: 1, name: 'Contact' })).toBeVisible();
  await page.getByLabel('by phone').check();
  await page.getByLabel('Name').fill('J');
  await page.getByLabel('E-mail address').fill('jan@');
  // Leaving a field shows its message (and moves what is below it) before the click on Send.
  await page.getByLabel('E-mail address').blur();
  await expect(page.getByLabel('E-mail address')).toHaveAccessibleDescription('Please provide valid e-mail address');
  await page.getByRole('button', { name: 'Send' }).click();
  // Focus goes to the first wrong field.
  await expect(page.getByLabel('Mr.', { exact: true })).toBeFocused();
  await expect(page.getByText('Field is required')).toHaveCount(3);
  await expect(page.getByLabel('Name')).toHaveAccessibleDescription('Name must have at least 2 letters');
  await expect(page.getByLabel('E-mail address')).toHaveAccessibleDescription('Please provide valid e-mail address');
  await expect(page.getByLabel('Phone number')).toHaveAccessibleDescription('Phone number is required');
  await shoot(page, 'forms-contact-messages');
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, 'forms-contact-phone');
  await page.goto('/en/trade-in-or-sell-your-watch');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Trade in or sell your watch');
  await shoot(page, 'forms-trade-in-phone');
});

test('the forms’ addresses are pages; the store-less Dutch trade-in address opens the Dutch store', async ({ page, request }) => {
  for (const [path, title] of [
    ['/nl/contacts', 'Contact'],
    ['/en/contacts', 'Contact'],
    ['/en/trade-in-or-sell-your-watch', 'Trade in or sell your watch'],
    ['/en/trade-in-your-watch', 'Trade in or sell your watch'],
    ['/nl/ruil-uw-horloge-in', 'Ruil uw horloge in of verkoop het'],
    ['/en/invoices', 'Request an invoice'],
  ] as const) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(title);
    await expect(page.getByText(NOT_FOUND)).toHaveCount(0);
  }
  await page.goto('/ruil-uw-horloge-in-bij-ace');
  await expect(page).toHaveURL(/\/nl\/ruil-uw-horloge-in-bij-ace$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ruil uw horloge in of verkoop het');
  await page.goto('/trade-in-or-sell-your-watch');
  await expect(page).toHaveURL(/\/en\/trade-in-or-sell-your-watch$/);
});
