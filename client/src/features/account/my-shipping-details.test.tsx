import type { CustomerAddress } from '@shop/shared/account/account.schema';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeCatalogue, renderShop } from '../../test/shop-test-utils.tsx';
import { answerTask, lastTask, queue, resetQueue } from '../../test/fake-task-queue.ts';
import { USER_KEY } from './session-store.ts';

vi.mock('../sync/task-queue.ts', () => import('../../test/fake-task-queue.ts'));

/** The address book offers the countries the checkout takes: the server's ship-to list. */
const saved: CustomerAddress = { id: 4, firstname: 'Anna', lastname: 'Jansen', street: ['Grote Markt', '1'], postcode: '1000', city: 'Brussel', country_id: 'BE', default_shipping: true };

function signedIn(addresses: CustomerAddress[]) {
  localStorage.setItem(
    USER_KEY,
    JSON.stringify({ token: 't', refreshToken: 'r', expiresAt: Date.now() + 3_600_000, sessionId: 's', current: { id: 1, email: 'anna@example.com', firstname: 'Anna', lastname: 'Jansen', group_id: 1, addresses }, orders_history: [], orders_total: 0, session_started: 1 }),
  );
  const { fetchMock } = installFakeCatalogue({ categories: [] });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (new URL(String(input), 'http://shop.test').pathname === '/api/checkout/config') {
        return new Response(JSON.stringify({ code: 200, result: { externalCheckout: false, cmsUrl: null, countryInPath: false, shipToCountries: ['DE', 'NL', 'US'] } }), { status: 200, headers: { 'content-type': 'application/json' } });
      }
      return fetchMock(input, init);
    }),
  );
}

afterEach(() => {
  resetQueue();
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const options = (select: HTMLElement) => [...(select as HTMLSelectElement).options].map((option) => option.value);

describe('the address book', () => {
  it('offers only the countries the shop ships to, starting with the store’s own', async () => {
    signedIn([]);
    await renderShop('/en/my-account/shipping-details');
    fireEvent.click(await screen.findByRole('button', { name: 'Add an address' }, { timeout: 5000 }));
    const country = await screen.findByRole('combobox', { name: 'Country' }, { timeout: 5000 });
    await vi.waitFor(() => expect(options(country)).toEqual(['DE', 'NL', 'US']), { timeout: 5000 });
    expect((country as HTMLSelectElement).value).toBe('NL');
  });

  it('keeps a saved address’s country on show and asks for one the checkout takes', async () => {
    signedIn([saved]);
    await renderShop('/en/my-account/shipping-details');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }, { timeout: 5000 }));
    const country = await screen.findByRole('combobox', { name: 'Country' }, { timeout: 5000 });
    await vi.waitFor(() => expect(options(country)).toEqual(['DE', 'NL', 'US', 'BE']), { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const form = country.closest('form')!;
    expect(within(form).getByText('We do not ship to this country')).toBeTruthy();
    expect(country.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(country);
  });
});

describe('saving an address', () => {
  async function editAndSave() {
    signedIn([saved]);
    await renderShop('/en/my-account/shipping-details');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }, { timeout: 5000 }));
    const country = await screen.findByRole('combobox', { name: 'Country' }, { timeout: 5000 });
    await vi.waitFor(() => expect(options(country)).toContain('DE'), { timeout: 5000 });
    fireEvent.change(country, { target: { value: 'DE' } });
    fireEvent.change(screen.getByRole('textbox', { name: /City/ }), { target: { value: 'Köln' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(queue.specs).toHaveLength(1));
    await vi.waitFor(() => expect(queue.watchers.has(lastTask().taskId)).toBe(true));
    return lastTask();
  }

  it('queues the profile update with the changed address, and says it is kept on this device while offline', async () => {
    const task = await editAndSave();
    expect(task).toMatchObject({ kind: 'profile', url: '/api/user/me?token={{token}}', method: 'POST', auth: 'customer', callbackEvent: 'account:notices.accountUpdated' });
    expect((task.body as { customer: { addresses: CustomerAddress[] } }).customer.addresses).toEqual([expect.objectContaining({ id: 4, city: 'Köln', country_id: 'DE' })]);
    answerTask(task.taskId, { status: 'pending', reason: 'offline' });
    expect(await screen.findByText('Your changes are saved on this device and will be sent when the connection returns.', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('says so once the shop has it', async () => {
    const task = await editAndSave();
    answerTask(task.taskId, { status: 'sent', resultCode: 200, result: { id: 1 } });
    expect(await screen.findByText('Account data has successfully been updated', {}, { timeout: 5000 })).toBeTruthy();
    expect(queue.acknowledged).toEqual([task.taskId]);
  });

  it('keeps what was typed when the shop refuses it', async () => {
    const task = await editAndSave();
    answerTask(task.taskId, { status: 'failed', resultCode: 422, error: { code: 'address_refused', message: 'This address cannot be used' } });
    expect(await screen.findByText('This address cannot be used', {}, { timeout: 5000 })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: /City/ }) as HTMLInputElement).value).toBe('Köln');
    expect((screen.getByRole('combobox', { name: 'Country' }) as HTMLSelectElement).value).toBe('DE');
  });
});
