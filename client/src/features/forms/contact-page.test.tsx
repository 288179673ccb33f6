import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeCatalogue, renderShop } from '../../test/shop-test-utils.tsx';
import { queue, resetQueue } from '../../test/fake-task-queue.ts';

vi.mock('../sync/task-queue.ts', () => import('../../test/fake-task-queue.ts'));

beforeEach(() => {
  resetQueue();
  installFakeCatalogue({ categories: [] });
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  await i18next.changeLanguage('en');
});

async function openContact(path = '/en/contacts') {
  await renderShop(path);
  return (await screen.findByRole('heading', { level: 1, name: 'Contact' }, { timeout: 5000 })).closest('.forms-page') as HTMLElement;
}

function fill(page: HTMLElement) {
  fireEvent.click(within(page).getByLabelText('Miss/Mrs.'));
  fireEvent.change(within(page).getByLabelText('Name'), { target: { value: 'Anna de Vries' } });
  fireEvent.change(within(page).getByLabelText('E-mail address'), { target: { value: 'anna@example.com' } });
  fireEvent.change(within(page).getByLabelText('Subject'), { target: { value: 'tradeIn' } });
  fireEvent.change(within(page).getByLabelText('Message'), { target: { value: 'I would like to trade in my Submariner.' } });
  fireEvent.click(within(page).getByLabelText('by e-mail'));
}

describe('the contact form', () => {
  it('offers the spec’s salutations, subjects and contact preferences', async () => {
    const page = await openContact();
    expect(within(page).getByRole('group', { name: 'Salutation' }).textContent).toContain('Mr.');
    expect(within(page).getByRole('group', { name: 'Salutation' }).textContent).toContain('Miss/Mrs.');
    const subjects = [...within(page).getByLabelText<HTMLSelectElement>('Subject').options].map((option) => option.textContent);
    expect(subjects.slice(1)).toEqual(['After Sales Service', 'General questions', 'Business-to-Business', 'Enquiry for trade-in of a watch', 'Sales']);
    expect(within(page).getByRole('group', { name: 'How would you like to be contacted?' }).textContent).toMatch(/by phone.*by e-mail/);
  });

  it('opened from "ask an expert" on a product page, is about that piece: subject Sales, the piece named in the message', async () => {
    const page = await openContact('/en/contacts?product=RLX-1&name=Rolex%20Submariner');
    await waitFor(() => expect(within(page).getByLabelText<HTMLTextAreaElement>('Message').value).toBe('I have a question about Rolex Submariner (RLX-1).\n\n'));
    expect(within(page).getByLabelText<HTMLSelectElement>('Subject').value).toBe('sales');
  });

  it('shows the spec’s messages on submit, linked to their fields, and moves focus to the first wrong field', async () => {
    const page = await openContact();
    fireEvent.change(within(page).getByLabelText('E-mail address'), { target: { value: 'anna@' } });
    fireEvent.change(within(page).getByLabelText('Name'), { target: { value: 'A' } });
    fireEvent.submit(page.querySelector('form')!);
    expect(within(page).getAllByText('Field is required').length).toBe(4);
    const email = within(page).getByLabelText('E-mail address');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby')!)?.textContent).toBe('Please provide valid e-mail address');
    expect(within(page).getByText('Name must have at least 2 letters')).toBeTruthy();
    expect(document.activeElement).toBe(within(page).getByLabelText('Mr.'));
    expect(queue.specs).toEqual([]);
  });

  it('asks for the phone number only when the shopper wants to be called', async () => {
    const page = await openContact();
    fill(page);
    fireEvent.click(within(page).getByLabelText('by phone'));
    fireEvent.submit(page.querySelector('form')!);
    expect(within(page).getByText('Phone number is required')).toBeTruthy();
    expect(queue.specs).toEqual([]);
  });

  it('queues the inquiry once as a public task with the captcha, says it is saved while offline, and thanks the shopper once the shop has it', async () => {
    const page = await openContact();
    fill(page);
    fireEvent.submit(page.querySelector('form')!);
    await waitFor(() => expect(queue.specs).toHaveLength(1));
    const [spec] = queue.specs;
    expect(spec).toMatchObject({ kind: 'contact', auth: 'public', captcha: true, url: '/api/forms/contacts?storeCode=en&language=en' });
    expect(spec!.body).toEqual({ salutation: 'mrs', name: 'Anna de Vries', phone: '', email: 'anna@example.com', subject: 'tradeIn', message: 'I would like to trade in my Submariner.', preference: 'email' });
    await waitFor(() => expect(queue.watchers.has(spec!.taskId!)).toBe(true));
    const watcher = queue.watchers.get(spec!.taskId!);
    watcher!({ id: spec!.taskId!, status: 'pending', reason: 'offline' });
    expect(await screen.findByText('You are offline: your inquiry is saved on this device and will be sent when the connection returns.')).toBeTruthy();
    watcher!({ id: spec!.taskId!, status: 'sent', resultCode: 200, result: { submission_id: 1, message: 'inquiry submitted' } });
    expect(await screen.findByText('Thank you! Your inquiry has been submitted.')).toBeTruthy();
    expect(queue.acknowledged).toEqual([spec!.taskId]);
  });

  it('puts the shop’s field refusal back on the form with everything typed kept, and sends the next attempt as a new task', async () => {
    const page = await openContact();
    fill(page);
    fireEvent.submit(page.querySelector('form')!);
    await waitFor(() => expect(queue.specs).toHaveLength(1));
    const first = queue.specs[0]!.taskId!;
    await waitFor(() => expect(queue.watchers.has(first)).toBe(true));
    queue.watchers.get(first)!({ id: first, status: 'failed', resultCode: 400, error: { code: 'validation_failed', message: 'Invalid', details: { fields: [{ path: 'email', key: 'emailInvalid' }] } } });
    const again = (await screen.findByRole('heading', { level: 1, name: 'Contact' })).closest('.forms-page') as HTMLElement;
    expect(await within(again).findByText('Please provide valid e-mail address')).toBeTruthy();
    expect(within(again).getByLabelText<HTMLInputElement>('Name').value).toBe('Anna de Vries');
    expect(within(again).getByLabelText<HTMLTextAreaElement>('Message').value).toBe('I would like to trade in my Submariner.');
    expect(within(again).getByLabelText<HTMLInputElement>('Miss/Mrs.').checked).toBe(true);
    fireEvent.change(within(again).getByLabelText('E-mail address'), { target: { value: 'anna.devries@example.com' } });
    fireEvent.submit(again.querySelector('form')!);
    await waitFor(() => expect(queue.specs).toHaveLength(2));
    expect(queue.specs[1]!.taskId).not.toBe(first);
  });

  it('after a reload, shows the waiting inquiry saved on this device and follows the same task', async () => {
    const page = await openContact();
    fill(page);
    fireEvent.submit(page.querySelector('form')!);
    await waitFor(() => expect(queue.specs).toHaveLength(1));
    // A reload while it waits finds the same inquiry on this device.
    cleanup();
    queue.watchers.clear();
    await renderShop('/en/contacts');
    const id = queue.specs[0]!.taskId!;
    await waitFor(() => expect(queue.watchers.has(id)).toBe(true), { timeout: 5000 });
    queue.watchers.get(id)!({ id, status: 'pending', reason: 'offline' });
    expect(await screen.findByText(/saved on this device/)).toBeTruthy();
  }, 15_000);
});
