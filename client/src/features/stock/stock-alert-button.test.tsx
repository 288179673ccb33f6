import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerTask, queue, resetQueue } from '../../test/fake-task-queue.ts';
import { installFakeCatalogue, product, renderShop } from '../../test/shop-test-utils.tsx';
import { USER_KEY } from '../account/session-store.ts';

vi.mock('../sync/task-queue.ts', () => import('../../test/fake-task-queue.ts'));

const soldOut = product({ id: 4001, sku: 'W-4001', name: 'Rolex Day-Date', url_path: 'watches/rolex-day-date', stock: { is_in_stock: false, manage_stock: true, qty: 0 } });
const available = product({ id: 4002, sku: 'W-4002', name: 'Omega Speedmaster', url_path: 'watches/omega-speedmaster', stock: { is_in_stock: true, manage_stock: true, qty: 2 } });

function signIn() {
  localStorage.setItem(
    USER_KEY,
    JSON.stringify({ token: 't', refreshToken: 'r', expiresAt: Date.now() + 3_600_000, sessionId: 's', current: { id: 1, email: 'anna@example.com', firstname: 'Anna', lastname: 'Jansen', group_id: 1, addresses: [] }, orders_history: [], orders_total: 0, session_started: 1 }),
  );
}

beforeEach(() => {
  resetQueue();
  installFakeCatalogue({ categories: [], urls: { 'watches/rolex-day-date': { _type: 'product', _source: soldOut }, 'watches/omega-speedmaster': { _type: 'product', _source: available } } });
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  await i18next.changeLanguage('en');
});

/** The alert tasks queued (the page also queues its statistics events). */
const alertTasks = () => queue.specs.filter((spec) => spec.kind === 'stockAlert') as Array<(typeof queue.specs)[number] & { taskId: string }>;
const lastTask = () => alertTasks().at(-1)!;

async function alertButton(name: string | RegExp) {
  return screen.findByRole('button', { name }, { timeout: 5000 });
}

describe('the stock alert on the product page', () => {
  it('a sold piece offers "Notify me when it is back"; a customer’s request is a queued call for that sku and kind', async () => {
    signIn();
    await renderShop('/en/watches/rolex-day-date/');
    fireEvent.click(await alertButton('Notify me when it is back'));
    await waitFor(() => expect(alertTasks()).toHaveLength(1), { timeout: 5000 });
    const task = lastTask();
    expect(task).toMatchObject({ kind: 'stockAlert', method: 'POST', auth: 'customer', body: { sku: 'W-4001', kind: 'back_in_stock' } });
    expect(task.url).toMatch(/^\/api\/stock\/alerts\?token=\{\{token\}\}&storeCode=en/);
    answerTask(task.taskId, { status: 'sent', resultCode: 200, result: { id: 7, sku: 'W-4001', kind: 'back_in_stock' } });
    const status = await screen.findByText(/You are on the list/, {}, { timeout: 5000 });
    expect(within(status).getByRole('link', { name: 'Manage your alerts' }).getAttribute('href')).toBe('/en/my-account/stock-alerts');
    expect(screen.queryByRole('button', { name: 'Notify me when it is back' })).toBeNull();
  });

  it('offline, the request waits on this device and the shopper is told so', async () => {
    signIn();
    await renderShop('/en/watches/rolex-day-date/');
    fireEvent.click(await alertButton('Notify me when it is back'));
    await waitFor(() => expect(alertTasks()).toHaveLength(1), { timeout: 5000 });
    answerTask(lastTask().taskId, { status: 'pending', reason: 'offline' });
    expect(await screen.findByText('Saved on this device: your request goes out as soon as you are back online.', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('a refusal is told in the shopper’s words, and the button stays to try again', async () => {
    signIn();
    await renderShop('/en/watches/rolex-day-date/');
    fireEvent.click(await alertButton('Notify me when it is back'));
    await waitFor(() => expect(alertTasks()).toHaveLength(1), { timeout: 5000 });
    answerTask(lastTask().taskId, { status: 'failed', resultCode: 400, error: { code: 'bad_request', message: 'There is no such piece in the shop' } });
    expect(await screen.findByText('This piece is no longer in the shop.', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Notify me when it is back' })).toBeTruthy();
  });

  it('a guest is asked to log in (the login modal opens); nothing is queued', async () => {
    await renderShop('/en/watches/rolex-day-date/');
    fireEvent.click(await alertButton('Notify me when it is back'));
    expect(await screen.findByText(/Please log in or create an account/, {}, { timeout: 5000 })).toBeTruthy();
    expect(await screen.findByRole('dialog', {}, { timeout: 5000 })).toBeTruthy();
    expect(alertTasks()).toEqual([]);
  });

  it('an available piece offers the price alert instead, in Dutch too', async () => {
    signIn();
    await renderShop('/nl/watches/omega-speedmaster/');
    await i18next.changeLanguage('nl');
    fireEvent.click(await alertButton('Bericht mij bij een prijsverlaging'));
    await waitFor(() => expect(alertTasks()).toHaveLength(1), { timeout: 5000 });
    expect(lastTask()).toMatchObject({ body: { sku: 'W-4002', kind: 'price_drop' } });
    expect(screen.queryByRole('button', { name: 'Bericht mij als het terug is' })).toBeNull();
  });
});
