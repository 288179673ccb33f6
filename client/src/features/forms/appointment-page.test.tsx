import type { BoutiqueSlots } from '@shop/shared/forms/appointment.schema';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../app/i18n.ts';
import { StoreProvider } from '../../app/store-context.tsx';
import { queue, resetQueue } from '../../test/fake-task-queue.ts';
import en from '../../locales/en/appointments.json';
import nl from '../../locales/nl/appointments.json';
import de from '../../locales/de/appointments.json';

vi.mock('../sync/task-queue.ts', () => import('../../test/fake-task-queue.ts'));

const { AppointmentPage } = await import('./appointment-page.tsx');

const BOUTIQUES = [
  { id: 'amsterdam', name: 'Horloge & Diamant Amsterdam', street: 'P.C. Hooftstraat 48', zip: '1071 BZ', city: 'Amsterdam', country: 'NL', phone: '', email: '', latitude: null, longitude: null, timezone: 'Europe/Amsterdam', opening_hours: { weekly: {} }, slot_minutes: 30, stores: ['nl', 'en'], position: 1 },
  { id: 'rotterdam', name: 'Horloge & Diamant Rotterdam', street: 'Lijnbaan 112', zip: '3012 ER', city: 'Rotterdam', country: 'NL', phone: '', email: '', latitude: null, longitude: null, timezone: 'Europe/Amsterdam', opening_hours: { weekly: {} }, slot_minutes: 30, stores: ['nl', 'en'], position: 2 },
];
const slot = (date: string, time: string, start: string) => ({ slot: `${date}T${time}`, time, start: Date.parse(start), end: Date.parse(start) + 1_800_000 });
function slotsAnswer(times: string[]): BoutiqueSlots {
  return {
    boutique_id: 'amsterdam',
    timezone: 'Europe/Amsterdam',
    as_of: Date.parse('2026-06-15T12:00:00Z'),
    days: [
      { date: '2026-06-16', slots: times.map((time) => slot('2026-06-16', time, `2026-06-16T${String(Number(time.slice(0, 2)) - 2).padStart(2, '0')}:${time.slice(3)}:00Z`)) },
      { date: '2026-06-17', slots: [] },
    ],
  };
}

let slotTimes: string[];
let slotRequests: number;

beforeEach(async () => {
  resetQueue();
  slotTimes = ['10:00', '10:30', '11:00'];
  slotRequests = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://shop.test').pathname;
      const json = (result: unknown) => new Response(JSON.stringify({ code: 200, result }), { status: 200, headers: { 'content-type': 'application/json' } });
      if (path === '/api/boutiques') return json(BOUTIQUES);
      if (path === '/api/boutiques/amsterdam/slots') {
        slotRequests++;
        return json(slotsAnswer(slotTimes));
      }
      return new Response('{}', { status: 404 });
    }),
  );
  await initI18n('en');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

async function openPage() {
  render(
    <StoreProvider store="en">
      <AppointmentPage />
    </StoreProvider>,
  );
  return screen.findByRole('combobox', { name: 'Boutique' }, { timeout: 5000 });
}

async function fillIn() {
  const boutique = await openPage();
  await vi.waitFor(() => expect(within(boutique).getAllByRole('option')).toHaveLength(3));
  fireEvent.change(boutique, { target: { value: 'amsterdam' } });
  fireEvent.click(screen.getByRole('radio', { name: 'Engagement ring consultation' }));
  fireEvent.click(await screen.findByRole('radio', { name: '10:30' }, { timeout: 5000 }));
  fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Anna de Vries' } });
  fireEvent.change(screen.getByRole('textbox', { name: 'E-mail address' }), { target: { value: 'anna@example.com' } });
  fireEvent.change(screen.getByRole('textbox', { name: 'Phone number' }), { target: { value: '+31 6 12345678' } });
  fireEvent.change(screen.getByRole('textbox', { name: 'Comments (optional)' }), { target: { value: 'The solitaire from the window' } });
  fireEvent.click(screen.getByRole('checkbox', { name: 'I accept the terms and conditions' }));
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Book the appointment' }));

describe('the appointment page', () => {
  it('shows the spec message of every field on submit and moves focus to the first', async () => {
    await openPage();
    submit();
    expect(await screen.findAllByText('Field is required')).toHaveLength(4); // boutique, reason, name, e-mail
    expect(screen.getByText('Phone number is required')).toBeTruthy();
    expect(screen.getByText('You must accept the terms and conditions')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Boutique' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'E-mail address' }), { target: { value: 'anna@' } });
    expect(await screen.findByText('Please provide valid e-mail address')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'A' } });
    expect(await screen.findByText('Name must have at least 2 letters')).toBeTruthy();
    expect(queue.specs).toEqual([]);
  });

  it('offers only days with a free time, and queues the booking as one public task with the captcha', async () => {
    await fillIn();
    expect(screen.queryByRole('radio', { name: /17 June/ })).toBeNull();
    submit();
    await vi.waitFor(() => expect(queue.specs).toHaveLength(1));
    const [spec] = queue.specs;
    expect(spec).toMatchObject({
      kind: 'appointment',
      url: '/api/forms/appointment?storeCode=en&language=en',
      auth: 'public',
      captcha: true,
      cacheable: true,
      body: { boutique_id: 'amsterdam', reason: 'engagementRing', slot: '2026-06-16T10:30', name: 'Anna de Vries', email: 'anna@example.com', phone: '+31 6 12345678', comments: 'The solitaire from the window', terms: true },
    });
    expect(spec!.taskId).toMatch(/^[0-9a-f-]{36}$/);
    // The shop answers: the booked time is shown, and the outcome acknowledged.
    await vi.waitFor(() => expect(queue.watchers.has(spec!.taskId!)).toBe(true));
    act(() =>
      queue.watchers.get(spec!.taskId!)!({
        id: spec!.taskId!,
        status: 'sent',
        resultCode: 200,
        result: { submission_id: 7, message: 'inquiry submitted', appointment: { boutique_id: 'amsterdam', boutique_name: 'Horloge & Diamant Amsterdam', slot: '2026-06-16T10:30', start: Date.parse('2026-06-16T08:30:00Z'), end: Date.parse('2026-06-16T09:00:00Z'), timezone: 'Europe/Amsterdam' } },
      }),
    );
    expect(await screen.findByText('Thank you! Your inquiry has been submitted.')).toBeTruthy();
    expect(screen.getByText(/Your appointment at Horloge & Diamant Amsterdam on Tuesday(,)? 16 June 2026 at 10:30 is booked/)).toBeTruthy();
    expect(queue.acknowledged).toEqual([spec!.taskId]);
  });

  it('tells the shopper a slot someone else just booked is gone, keeps every field, and offers the free times again', async () => {
    await fillIn();
    submit();
    await vi.waitFor(() => expect(queue.watchers.size).toBe(1));
    const first = queue.specs[0]!.taskId!;
    slotTimes = ['10:00', '11:00'];
    const requestsBefore = slotRequests;
    act(() =>
      queue.watchers.get(first)!({
        id: first,
        status: 'failed',
        resultCode: 409,
        error: { code: 'slot_taken', message: 'This time was just booked by someone else. Please choose another time.', details: { fields: [{ path: 'slot', key: 'slotTaken' }] } },
      }),
    );
    expect(await screen.findByText('This time was just booked by someone else. Please choose another time.')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('Anna de Vries');
    expect((screen.getByRole('textbox', { name: 'Comments (optional)' }) as HTMLTextAreaElement).value).toBe('The solitaire from the window');
    expect((screen.getByRole('checkbox', { name: 'I accept the terms and conditions' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'Engagement ring consultation' }) as HTMLInputElement).checked).toBe(true);
    await vi.waitFor(() => expect(slotRequests).toBeGreaterThan(requestsBefore));
    await vi.waitFor(() => expect(screen.queryByRole('radio', { name: '10:30' })).toBeNull());
    expect(queue.acknowledged).toEqual([first]);
    // Another time: a new task (the refused one is final).
    fireEvent.click(screen.getByRole('radio', { name: '11:00' }));
    submit();
    await vi.waitFor(() => expect(queue.specs).toHaveLength(2));
    expect(queue.specs[1]!.taskId).not.toBe(first);
    expect(queue.specs[1]!.body).toMatchObject({ slot: '2026-06-16T11:00', name: 'Anna de Vries' });
  });

  it('says the booking is saved on this device while offline', async () => {
    await fillIn();
    submit();
    await vi.waitFor(() => expect(queue.watchers.size).toBe(1));
    const id = queue.specs[0]!.taskId!;
    act(() => queue.watchers.get(id)!({ id, status: 'pending', reason: 'offline' }));
    expect(await screen.findByText('You are offline: your inquiry is saved on this device and will be sent when the connection returns.')).toBeTruthy();
  });
});

describe('the appointments texts', () => {
  const keys = (value: unknown, prefix = ''): string[] =>
    typeof value === 'object' && value !== null ? Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key)) : [prefix];

  it('have the same keys in en, nl and de, and the spec texts word for word in English', () => {
    expect(keys(nl).sort()).toEqual(keys(en).sort());
    expect(keys(de).sort()).toEqual(keys(en).sort());
    expect(en.validation).toMatchObject({
      required: 'Field is required',
      nameMinLength: 'Name must have at least 2 letters',
      emailInvalid: 'Please provide valid e-mail address',
      phoneRequired: 'Phone number is required',
      termsRequired: 'You must accept the terms and conditions',
      slotTaken: 'This time was just booked by someone else. Please choose another time.',
    });
  });
});
