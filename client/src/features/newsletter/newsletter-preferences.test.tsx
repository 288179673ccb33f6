/**
 * The newsletter preferences page and the sign-up form send queued calls (sync tasks): queued offline, told when sent,
 * and a refusal shows the shop's message beside what the shopper chose or typed.
 */
import type { CaptchaChallenge } from '@shop/shared/content/captcha.schema';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../app/i18n.ts';
import { StoreProvider } from '../../app/store-context.tsx';
import { currentNotifications, dismissNotification } from '../../ui/notifications.tsx';
import { answerTask, lastTask, queue, resetQueue } from '../../test/fake-task-queue.ts';
import { loadContentTexts } from '../wishlist/content-texts.ts';
import { NewsletterForm } from './newsletter-form.tsx';
import NewsletterPreferences from './newsletter-preferences.tsx';

vi.mock('../sync/task-queue.ts', () => import('../../test/fake-task-queue.ts'));
vi.mock('../captcha/captcha-api.ts', () => ({
  captchaConfig: async () => ({ provider: 'pow' }),
  captchaChallenge: async (): Promise<CaptchaChallenge> => ({ challenge: 'c1', difficulty: 1, expiresAt: 0 }),
}));
vi.mock('../captcha/pow-solver.ts', () => ({ solve: async (challenge: CaptchaChallenge) => `${challenge.challenge}:1` }));

const UPDATED = 'Your newsletter preferences have been updated.';
const QUEUED = 'Your newsletter choice is saved on this device and will be sent when the connection returns.';

/** The status the shop answers for the link's address. */
let status: 'subscribed' | 'unsubscribed' = 'subscribed';

beforeAll(async () => {
  await initI18n('en');
  await loadContentTexts('newsletter');
});
beforeEach(() => {
  resetQueue();
  localStorage.clear();
  status = 'subscribed';
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ code: 200, result: status }), { status: 200, headers: { 'content-type': 'application/json' } })));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  // The notices live beyond one page: each test starts with none shown.
  act(() => currentNotifications().forEach((notification) => dismissNotification(notification.id)));
});

const checkbox = () => screen.getByRole('checkbox', { name: 'I want to receive the newsletter' }) as HTMLInputElement;
const save = () => screen.getByRole('button', { name: 'Save my preferences' }) as HTMLButtonElement;

/** Opened from the mailed link, the shopper changes the checkbox and saves: one queued task. */
async function changeAndSave(wanted: boolean) {
  render(
    <StoreProvider store="nl">
      <NewsletterPreferences link={{ email: 'anna@example.com', token: 'link-proof-1' }} />
    </StoreProvider>,
  );
  await screen.findByRole('checkbox', { name: 'I want to receive the newsletter' });
  fireEvent.click(checkbox());
  expect(checkbox().checked).toBe(wanted);
  if (wanted) await screen.findByText('Robot check done.', {}, { timeout: 5000 });
  fireEvent.click(save());
  await waitFor(() => expect(queue.watchers.has(lastTask().taskId)).toBe(true));
  return lastTask();
}

describe('the newsletter preferences page', () => {
  it('unsubscribing with the link is a public task carrying the link’s proof header', async () => {
    const task = await changeAndSave(false);
    expect(task).toMatchObject({ kind: 'newsletter', method: 'DELETE', auth: 'public', headers: { 'x-newsletter-token': 'link-proof-1' }, body: { email: 'anna@example.com' } });
    expect(task.url).not.toContain('link-proof-1');
  });

  it('offline: says the choice is saved on this device; the status is not changed yet', async () => {
    const task = await changeAndSave(false);
    act(() => answerTask(task.taskId, { status: 'pending', reason: 'offline' }));
    expect(await screen.findByText(QUEUED)).toBeTruthy();
    expect(screen.getByText('You are subscribed to our newsletter.')).toBeTruthy();
    expect(screen.queryByText(UPDATED)).toBeNull();
    expect(queue.acknowledged).toEqual([]);
  });

  it('sent: says the preferences were updated and shows the new status', async () => {
    const task = await changeAndSave(false);
    act(() => answerTask(task.taskId, { status: 'sent', resultCode: 200, result: 'unsubscribed' }));
    expect(await screen.findByText(UPDATED)).toBeTruthy();
    expect(screen.getByText('You are not subscribed to our newsletter.')).toBeTruthy();
    expect(screen.queryByText(QUEUED)).toBeNull();
    expect(queue.acknowledged).toEqual([task.taskId]);
  });

  it('subscribing, sent: the answer’s coupon shows beside the updated notice', async () => {
    status = 'unsubscribed';
    const task = await changeAndSave(true);
    expect(task).toMatchObject({ kind: 'newsletter', method: 'POST', auth: 'public', captcha: true, body: { email: 'anna@example.com' } });
    act(() => answerTask(task.taskId, { status: 'sent', resultCode: 200, result: 'subscribed', meta: { coupon: 'WELCOME-X' } }));
    expect(await screen.findByText(UPDATED)).toBeTruthy();
    expect(screen.getByText('WELCOME-X')).toBeTruthy();
    expect(screen.getByText('You are subscribed to our newsletter.')).toBeTruthy();
  });

  it('refused with a 400: the shop’s message, and the choice kept to save again', async () => {
    const task = await changeAndSave(false);
    act(() => answerTask(task.taskId, { status: 'failed', resultCode: 400, error: { code: 'bad_request', message: 'This address is not on our list' } }));
    expect((await screen.findByRole('alert')).textContent).toBe('This address is not on our list');
    expect(checkbox().checked).toBe(false);
    expect(save().disabled).toBe(false);
    expect(screen.getByText('You are subscribed to our newsletter.')).toBeTruthy();
    expect(screen.queryByText(UPDATED)).toBeNull();
  });
});

describe('the newsletter sign-up form', () => {
  async function signUp() {
    render(
      <StoreProvider store="nl">
        <NewsletterForm />
      </StoreProvider>,
    );
    fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: 'anna@example.com' } });
    fireEvent.change(screen.getByLabelText('First name (optional)'), { target: { value: 'Anna' } });
    await screen.findByText('Robot check done.', {}, { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(queue.watchers.has(lastTask().taskId)).toBe(true));
    return lastTask();
  }

  it('offline: says the subscription is saved on this device', async () => {
    const task = await signUp();
    expect(task).toMatchObject({ kind: 'newsletter', method: 'POST', auth: 'public', captcha: true, body: { email: 'anna@example.com', firstname: 'Anna' } });
    act(() => answerTask(task.taskId, { status: 'pending', reason: 'offline' }));
    expect(await screen.findByText(QUEUED)).toBeTruthy();
  });

  it('refused with a 400: the shop’s message beside what was typed', async () => {
    const task = await signUp();
    act(() => answerTask(task.taskId, { status: 'failed', resultCode: 400, error: { code: 'bad_request', message: 'This address cannot receive mail' } }));
    expect(await screen.findByText('This address cannot receive mail')).toBeTruthy();
    expect((screen.getByLabelText('E-mail address') as HTMLInputElement).value).toBe('anna@example.com');
    expect((screen.getByLabelText('First name (optional)') as HTMLInputElement).value).toBe('Anna');
  });
});
