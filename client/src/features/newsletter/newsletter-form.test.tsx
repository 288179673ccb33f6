import type { CaptchaChallenge } from '@shop/shared/content/captcha.schema';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../app/api.ts';
import { initI18n } from '../../app/i18n.ts';
import { loadContentTexts } from '../wishlist/content-texts.ts';
import { NewsletterForm } from './newsletter-form.tsx';

/** The shop's captcha and newsletter calls, answered by the test: the challenge may fail, the shop may refuse. */
const shop = vi.hoisted(() => ({ challengeFails: false, challenges: 0, refuseCaptcha: false, subscribed: [] as string[], hold: null as Promise<void> | null }));
vi.mock('../captcha/captcha-api.ts', () => ({
  captchaConfig: async () => ({ provider: 'pow' }),
  captchaChallenge: async (): Promise<CaptchaChallenge> => {
    if (shop.hold) await shop.hold;
    shop.challenges += 1;
    if (shop.challengeFails) throw new Error('network down');
    return { challenge: `c${shop.challenges}`, difficulty: 1, expiresAt: 0 };
  },
}));
vi.mock('../captcha/pow-solver.ts', () => ({ solve: async (challenge: CaptchaChallenge) => `${challenge.challenge}:1` }));
vi.mock('./newsletter-api.ts', () => ({
  QUEUED: 'queued',
  // The queue sends its own fresh captcha token with the task; the form's check lets the subscription go.
  subscribe: async (input: { email: string }) => {
    if (shop.refuseCaptcha) throw new ApiError(400, 'captcha_failed', 'The captcha is not valid or has expired, please try again');
    shop.subscribed.push(`${input.email} after ${shop.challenges} checks`);
    return { status: 'subscribed', coupon: 'WELCOME10' };
  },
}));

beforeAll(async () => {
  await initI18n('en');
  await loadContentTexts('newsletter');
});
beforeEach(() => {
  Object.assign(shop, { challengeFails: false, challenges: 0, refuseCaptcha: false, subscribed: [], hold: null });
});
afterEach(cleanup);

const form = () => document.querySelector<HTMLElement>('.newsletter-form')!;
const alerts = () => within(form()).queryAllByRole('alert').map((alert) => alert.textContent);
const status = () => within(form()).getByRole('status').textContent;

function fillIn() {
  render(<NewsletterForm withName={false} />);
  fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: 'anna@example.com' } });
}

describe('the newsletter form’s robot check', () => {
  it('never says "done" beside "please confirm": the request to confirm goes when a retried check succeeds', async () => {
    shop.challengeFails = true;
    fillIn();
    await waitFor(() => expect(alerts()).toEqual(['The robot check did not work. Try again']), { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    // Whatever is shown says the same: the check failed and must be done.
    expect(screen.queryByText('Robot check done.')).toBeNull();

    shop.challengeFails = false;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })));
    await waitFor(() => expect(status()).toBe('Robot check done.'), { timeout: 5000 });
    expect(alerts()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(shop.subscribed).toEqual(['anna@example.com after 2 checks']), { timeout: 5000 });
  });

  it('says a refused check in the shopper’s words while a fresh one is made, and no longer once it is done', async () => {
    fillIn();
    await waitFor(() => expect(status()).toBe('Robot check done.'), { timeout: 5000 });
    shop.refuseCaptcha = true;
    // The fresh check waits until the test lets it finish.
    let release: () => void = () => undefined;
    shop.hold = new Promise<void>((resolve) => (release = resolve));
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(alerts()).toEqual(['The captcha is not valid or has expired, please try again']), { timeout: 5000 });
    expect(status()).toBe('Checking you are not a robot…');
    await act(async () => release());
    await waitFor(() => expect(status()).toBe('Robot check done.'), { timeout: 5000 });
    expect(alerts()).toEqual([]);
  });
});
