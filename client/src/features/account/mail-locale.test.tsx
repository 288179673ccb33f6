/**
 * Every call that leads to a mail names the shopper's store, and their interface language when it is not the store's
 * own: a reset asked for in the English store must not come back as a Dutch mail linking to /nl (issue 12 item 15).
 */
import { DEFAULT_SHIPPING_METHOD } from '@shop/shared/cart/totals';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../app/i18n.ts';
import { StoreProvider } from '../../app/store-context.tsx';
import { subscribe } from '../newsletter/newsletter-api.ts';
import { orderRequest, type OrderDraft } from '../orders/order-documents.ts';
import { answerTask, lastTask, queue, resetQueue } from '../../test/fake-task-queue.ts';
import { createCustomer, resetPassword } from './account-api.ts';
import { ForgotForm } from './auth-forms.tsx';

// The newsletter's subscription is a queued call (a sync task).
vi.mock('../sync/task-queue.ts', () => import('../../test/fake-task-queue.ts'));

const ok = (result: unknown) => new Response(JSON.stringify({ code: 200, result }), { status: 200, headers: { 'content-type': 'application/json' } });

function recordCalls() {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      calls.push(String(input));
      return ok(true);
    }),
  );
  return calls;
}

beforeAll(async () => {
  await initI18n('en');
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18next.changeLanguage('en');
});

describe('the store and language of a mail', () => {
  it('the forgotten-password form of the English store asks for the English store', async () => {
    const calls = recordCalls();
    render(
      <StoreProvider store="en">
        <ForgotForm onLogin={() => {}} />
      </StoreProvider>,
    );
    fireEvent.change(screen.getByRole('textbox'), { target: { value: ' anna@example.com ' } });
    fireEvent.submit(screen.getByRole('textbox').closest('form')!);
    await waitFor(() => expect(calls).toEqual(['/api/user/reset-password?storeCode=en']));
  });

  it('adds the interface language when the shopper chose another than the store speaks', async () => {
    const calls = recordCalls();
    await i18next.changeLanguage('de');
    await resetPassword('anna@example.com', 'en');
    await createCustomer({ customer: { email: 'anna@example.com', firstname: 'Anna', lastname: 'Jansen' }, password: 'a long secret' }, 'nl');
    resetQueue();
    const subscribed = subscribe({ email: 'anna@example.com', store: 'en', notice: 'subscribed' });
    await vi.waitFor(() => expect(queue.watchers.has(lastTask().taskId)).toBe(true));
    answerTask(lastTask().taskId, { status: 'sent', resultCode: 200, result: 'subscribed' });
    await subscribed;
    expect(calls).toEqual(['/api/user/reset-password?storeCode=en&language=de', '/api/user/create?storeCode=nl&language=de']);
    expect(lastTask().url).toBe('/api/ext/mailchimp-subscribe/subscribe?storeCode=en&language=de');
    // The Dutch store in Dutch: the store says it all.
    await i18next.changeLanguage('nl');
    await resetPassword('anna@example.com', 'nl');
    expect(calls.at(-1)).toBe('/api/user/reset-password?storeCode=nl');
  });

  it('an order carries the interface language only when it is not the store’s', () => {
    const address = { firstName: 'Anna', lastName: 'Jansen', country: 'NL', streetAddress: 'Kalverstraat 1', city: 'Amsterdam', zipCode: '1012 NX' };
    const draft: OrderDraft = {
      storeCode: 'en',
      currency: 'EUR',
      personal: { firstName: 'Anna', lastName: 'Jansen', emailAddress: 'anna@example.com' },
      shipping: address,
      billing: address,
      shippingMethod: DEFAULT_SHIPPING_METHOD,
      payment: { code: 'banktransfer', costInclTax: 0 },
    };
    expect(orderRequest([], { ...draft, language: 'de' }, 1, true)).toMatchObject({ storeCode: 'en', language: 'de' });
    expect(orderRequest([], draft, 1, true)).not.toHaveProperty('language');
  });
});
