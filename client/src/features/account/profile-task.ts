/**
 * The profile update as a sync task (spec 2 §7 "POST /api/user/me", queued; decision 042): my profile and my
 * shipping details send the customer's data this way, so a change made offline is kept on this device and sent
 * when the connection returns.
 */
import type { CustomerProfile, UpdateCustomerBody } from '@shop/shared/account/account.schema';
import { queuedCall } from '../sync/queued-call.ts';
import { updateUser } from './session-store.ts';

/**
 * The profile's answer (the customer as stored) goes into the session, in whichever tab acknowledges the task: the
 * queue's start registers it too, so an answer told by the announcer, after a reload or at the next login is applied.
 */
export async function applyProfileResults(): Promise<void> {
  const queue = await import('../sync/task-queue.ts');
  if (profileResultsApplied) return;
  profileResultsApplied = true;
  queue.onTaskResult('profile', (result) => {
    if (result && typeof result === 'object' && 'id' in result) updateUser((user) => ({ ...user, current: result as CustomerProfile }));
  });
}
let profileResultsApplied = false;

/**
 * Sends the profile as a sync task and waits for what can be told now: 'sent', 'queued' (offline: it goes when the
 * connection returns and the announcer tells the outcome), or the server's refusal thrown as an ApiError (field errors
 * included), which the form shows.
 */
export async function updateProfileTask(customer: UpdateCustomerBody['customer']): Promise<'sent' | 'queued'> {
  await applyProfileResults();
  const outcome = await queuedCall({
    kind: 'profile',
    url: '/api/user/me?token={{token}}',
    method: 'POST',
    body: { customer },
    auth: 'customer',
    callbackEvent: 'account:notices.accountUpdated',
  });
  return outcome.kind;
}
