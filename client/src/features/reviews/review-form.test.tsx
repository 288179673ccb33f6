/** The review form sends a queued call (a sync task): queued offline, thanked when sent, and a refusal keeps the text. */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../app/i18n.ts';
import { StoreProvider } from '../../app/store-context.tsx';
import { answerTask, lastTask, queue, resetQueue } from '../../test/fake-task-queue.ts';
import { USER_KEY } from '../account/session-store.ts';
import { loadContentTexts } from '../wishlist/content-texts.ts';
import { ReviewForm } from './product-reviews.tsx';

vi.mock('../sync/task-queue.ts', () => import('../../test/fake-task-queue.ts'));

beforeAll(async () => {
  await initI18n('en');
  await loadContentTexts('reviews');
});
beforeEach(() => {
  resetQueue();
  localStorage.clear();
  // The session loader asks for the profile of a stored session: answered, never a real server.
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ code: 200, result: { id: 1, email: 'anna@example.com' } }), { status: 200, headers: { 'content-type': 'application/json' } })));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.querySelectorAll('[role="region"]').forEach((node) => node.remove());
});

async function submitReview() {
  const done = vi.fn();
  render(
    <StoreProvider store="nl">
      <ReviewForm productId={7} onDone={done} />
    </StoreProvider>,
  );
  fireEvent.click(screen.getByRole('radio', { name: '4 stars' }));
  fireEvent.change(screen.getByLabelText('Nickname'), { target: { value: 'Anna' } });
  fireEvent.change(screen.getByLabelText('Summary'), { target: { value: 'Keeps perfect time' } });
  fireEvent.change(screen.getByLabelText('Review'), { target: { value: 'A lovely watch.' } });
  fireEvent.click(screen.getByRole('button', { name: 'Submit review' }));
  await waitFor(() => expect(queue.watchers.has(lastTask().taskId)).toBe(true));
  return { task: lastTask(), done };
}

describe('a review as a queued task', () => {
  it("a guest's review is a public task with the captcha, for the store and language", async () => {
    const { task } = await submitReview();
    expect(task).toMatchObject({ kind: 'review', method: 'POST', auth: 'public', captcha: true, url: '/api/review/create?storeCode=nl&language=en', callbackEvent: 'reviews:notices.submitted' });
    expect(task.body).toEqual({ review: { product_id: 7, nickname: 'Anna', title: 'Keeps perfect time', detail: 'A lovely watch.', rating: 4, ratings: [{ percent: 80 }] } });
  });

  it("a logged-in customer's review is their task, with their token at send time", async () => {
    localStorage.setItem(USER_KEY, JSON.stringify({ token: 't', refreshToken: 'r', expiresAt: Date.now() + 3_600_000, sessionId: 's', current: { id: 1, email: 'anna@example.com', firstname: 'Anna', lastname: 'J', group_id: 1, addresses: [] }, orders_history: [], orders_total: 0, session_started: 1 }));
    const { task } = await submitReview();
    expect(task).toMatchObject({ auth: 'customer', url: '/api/review/create?token={{token}}&storeCode=nl&language=en' });
    expect(task.captcha).toBeUndefined();
  });

  it('offline: says it is saved on this device', async () => {
    const { task, done } = await submitReview();
    act(() => answerTask(task.taskId, { status: 'pending', reason: 'offline' }));
    expect(await screen.findByText('Your review is saved on this device and will be sent when the connection returns.')).toBeTruthy();
    expect(done).not.toHaveBeenCalled();
    expect((screen.getByRole('button', { name: 'Submit review' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('sent: thanks the shopper and closes the form', async () => {
    const { task, done } = await submitReview();
    act(() => answerTask(task.taskId, { status: 'sent', resultCode: 200, result: { id: 3, review_status: 2 } }));
    expect(await screen.findByText('Thank you! Your review has been submitted for moderation.')).toBeTruthy();
    expect(done).toHaveBeenCalled();
    expect(queue.acknowledged).toEqual([task.taskId]);
  });

  it('refused with a 400: the shop’s message beside everything typed', async () => {
    const { task, done } = await submitReview();
    act(() => answerTask(task.taskId, { status: 'failed', resultCode: 400, error: { code: 'bad_request', message: 'There is no product with id 7' } }));
    expect(await screen.findByText('There is no product with id 7')).toBeTruthy();
    expect(done).not.toHaveBeenCalled();
    expect((screen.getByLabelText('Nickname') as HTMLInputElement).value).toBe('Anna');
    expect((screen.getByLabelText('Review') as HTMLTextAreaElement).value).toBe('A lovely watch.');
  });
});
