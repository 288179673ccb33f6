/**
 * A queued call as a page makes it (spec 2 §7, decision 042): the task is stored on this device, and the page waits
 * for what it can tell now: 'sent' with the answer, 'queued' (offline or waiting: it goes when the connection returns,
 * and the announcer tells the outcome with the task's `callbackEvent` text), or the shop's refusal thrown as an
 * ApiError (a 400's `details.fields` included), which the page shows beside what the shopper typed. The queue is
 * loaded lazily, with the first call.
 */
import { ApiError } from '../../app/api.ts';
import type { TaskSpec } from './task-queue.ts';

export type QueuedCallOutcome = { kind: 'sent'; result: unknown; meta?: Record<string, unknown> } | { kind: 'queued' };

export async function queuedCall(spec: TaskSpec): Promise<QueuedCallOutcome> {
  const queue = await import('./task-queue.ts');
  const id = await queue.enqueueTask(spec);
  const view = await queue.settleTask(id);
  if (view.status === 'pending') return { kind: 'queued' };
  await queue.acknowledgeTask(id);
  if (view.status === 'failed') throw new ApiError(view.resultCode ?? 0, view.error?.code ?? 'error', view.error?.message ?? '', view.error?.details);
  return { kind: 'sent', result: view.result, ...(view.meta ? { meta: view.meta } : {}) };
}
