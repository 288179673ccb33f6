import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { shoot } from './utils.ts';

/**
 * "Make an appointment" (issue 17 §8): the last free slot of a boutique booked in two tabs at once. Both bookings are
 * sync tasks of one device; the shop takes the first and refuses the second with 409 slot_taken: one tab thanks its
 * shopper with the time, the other says the time is gone and keeps everything typed. The mailbox holds one
 * confirmation, with the calendar file appointment.ics.
 */
/** The e2e server's admin token (playwright.config.ts). */
const ADMIN = { authorization: `Bearer ${process.env.E2E_ADMIN_TOKEN ?? 'e2e-admin-token-of-the-journeys'}` };

/** A calendar date a few days ahead (well past the two hours' lead time, well within the 14 days the form shows). */
function dateAhead(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** A boutique open for one 30-minute slot only: its last free slot. */
async function boutiqueWithOneSlot(request: APIRequestContext, id: string, date: string): Promise<void> {
  const reply = await request.put(`/api/admin/boutiques/${id}`, {
    headers: ADMIN,
    data: {
      name: `Horloge & Diamant ${id}`,
      street: 'Keizersgracht 1',
      zip: '1015 CJ',
      city: 'Amsterdam',
      country: 'NL',
      phone: '+31 20 555 0199',
      email: 'boutique@example.com',
      latitude: null,
      longitude: null,
      timezone: 'Europe/Amsterdam',
      opening_hours: { weekly: {}, special: { [date]: [['11:00', '11:30']] } },
      stores: ['en'],
    },
  });
  expect(reply.status()).toBe(200);
}

async function fillIn(page: Page, who: { name: string; email: string }): Promise<void> {
  await expect(page.getByRole('combobox', { name: 'Boutique' })).toBeVisible();
  await page.getByRole('radio', { name: 'Engagement ring consultation' }).check();
  await page.getByRole('radio', { name: '11:00' }).check();
  await page.getByRole('textbox', { name: 'Name' }).fill(who.name);
  await page.getByRole('textbox', { name: 'E-mail address' }).fill(who.email);
  await page.getByRole('textbox', { name: 'Phone number' }).fill('+31 6 12345678');
  await page.getByRole('textbox', { name: 'Comments (optional)' }).fill(`A solitaire for ${who.name}`);
  await page.getByRole('checkbox', { name: 'I accept the terms and conditions' }).check();
}

interface Mail {
  kind: string;
  subject: string;
  attachments: Array<{ filename: string; contentType: string; content: string }>;
}

test('the last free slot booked in two tabs at once: one is booked, the other told the time is gone, one confirmation with appointment.ics', async ({ page, context, request, browserProblems }) => {
  browserProblems.expect(/^http 409: POST http:\/\/[^/]+\/api\/forms\/appointment/, 'the second tab books the slot the first tab just took: the shop refuses it (slot_taken)');
  const id = `last-slot-${Date.now().toString(36)}`;
  const date = dateAhead(3);
  await boutiqueWithOneSlot(request, id, date);

  const address = `/en/make-an-appointment?boutique=${id}`;
  const second = await context.newPage();
  await Promise.all([page.goto(address), second.goto(address)]);
  const run = Date.now().toString(36);
  const shoppers = [
    { page, name: 'Anna de Vries', email: `anna-${run}@example.com` },
    { page: second, name: 'Bram Jansen', email: `bram-${run}@example.com` },
  ];
  for (const shopper of shoppers) await fillIn(shopper.page, shopper);
  await shoot(page, 'appointment-filled');

  // Both at once.
  await Promise.all(shoppers.map((shopper) => shopper.page.getByRole('button', { name: 'Book the appointment' }).click()));

  const thanked = (p: Page) => p.getByText('Thank you! Your inquiry has been submitted.');
  const refused = (p: Page) => p.getByText('This time was just booked by someone else. Please choose another time.');
  await expect.poll(async () => (await Promise.all(shoppers.map(async (s) => (await thanked(s.page).isVisible()) || (await refused(s.page).isVisible())))).every(Boolean), { timeout: 30_000 }).toBe(true);
  const outcomes = await Promise.all(shoppers.map(async (s) => ((await thanked(s.page).isVisible()) ? 'booked' : 'refused')));
  expect([...outcomes].sort()).toEqual(['booked', 'refused']);

  const winner = shoppers[outcomes.indexOf('booked')]!;
  const loser = shoppers.find((s) => s !== winner)!;
  await expect(winner.page.getByText(/Your appointment at Horloge & Diamant .* at 11:00 is booked/)).toBeVisible();
  await shoot(winner.page, 'appointment-booked');

  // The other tab keeps everything its shopper typed; the taken time is gone from its choices.
  await expect(loser.page.getByRole('textbox', { name: 'Name' })).toHaveValue(loser.name);
  await expect(loser.page.getByRole('textbox', { name: 'E-mail address' })).toHaveValue(loser.email);
  await expect(loser.page.getByRole('textbox', { name: 'Comments (optional)' })).toHaveValue(`A solitaire for ${loser.name}`);
  await expect(loser.page.getByRole('radio', { name: 'Engagement ring consultation' })).toBeChecked();
  await expect(loser.page.getByRole('checkbox', { name: 'I accept the terms and conditions' })).toBeChecked();
  await expect(loser.page.getByRole('radio', { name: '11:00' })).toHaveCount(0);
  await shoot(loser.page, 'appointment-slot-taken');

  // One confirmation in all, to the winner, with the calendar file.
  const confirmations: Mail[] = [];
  for (const shopper of shoppers) {
    const mails = ((await (await request.get(`/api/dev/mailbox?to=${encodeURIComponent(shopper.email)}`)).json()) as { result: Mail[] }).result;
    confirmations.push(...mails.filter((mail) => mail.kind === 'appointment-confirmation'));
  }
  expect(confirmations).toHaveLength(1);
  expect(confirmations[0]!.attachments.map((file) => [file.filename, file.contentType])).toEqual([['appointment.ics', 'text/calendar; charset=utf-8; method=PUBLISH']]);
  const ics = confirmations[0]!.attachments[0]!.content.replace(/\r\n /g, '');
  expect(ics).toContain('BEGIN:VEVENT\r\n');
  expect(ics).toContain(`DTSTART:${date.replace(/-/g, '')}T`);
});

test('the appointment page on a phone and on a desktop', async ({ page, request }) => {
  const id = `layout-${Date.now().toString(36)}`;
  await boutiqueWithOneSlot(request, id, dateAhead(2));
  for (const [name, viewport] of [['phone', { width: 390, height: 844 }], ['desktop', { width: 1280, height: 900 }]] as const) {
    await page.setViewportSize(viewport);
    await page.goto(`/en/make-an-appointment?boutique=${id}`);
    await page.getByRole('radio', { name: 'Viewing' }).check();
    await page.getByRole('button', { name: 'Book the appointment' }).click();
    await expect(page.getByText('Phone number is required')).toBeVisible();
    await expect(page.getByText('You must accept the terms and conditions')).toBeVisible();
    await expect(page.getByRole('radio', { name: '11:00' })).toBeVisible();
    await shoot(page, `appointment-${name}`);
  }
});
