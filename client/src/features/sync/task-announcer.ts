/**
 * Outcomes no open page claimed (plan §1.3): in every tab, each task that got its answer and is not acknowledged yet
 * is looked at once; the tab that takes the Web Lock `shop-task-ack-<id>` first, and finds no page holding the task's
 * claim (`shop-task-claim-<id>`, held by `watchTask`), tells the shopper: the success text named by `callback_event`
 * ('Account data has successfully been updated', 'inquiry submitted', ...) or the server's message as an error with
 * OK (spec 2 §8: not for a silent task, nor while a token refresh is under way); then it acknowledges the task (a
 * cacheable one stays, any other goes).
 */
import { shouldNotify, succeeded, type TaskOutcome } from '@shop/shared/sync/sync-task';
import type { SyncTaskDoc } from '@shop/shared/sync/sync-task.schema';
import i18next from 'i18next';
import { notify } from '../../ui/notifications.tsx';
import { claimLockName, type TaskQueue } from './task-queue.ts';

/** Text namespaces a `callback_event` may name, loaded before the text is shown; a feature adds its own. */
const TEXT_LOADERS = new Map<string, () => Promise<void>>([
  ['account', async () => (await import('../account/account-texts.ts')).loadAccountTexts()],
  ['newsletter', async () => (await import('../wishlist/content-texts.ts')).loadContentTexts('newsletter')],
  ['reviews', async () => (await import('../wishlist/content-texts.ts')).loadContentTexts('reviews')],
  ['forms', async () => (await import('../forms/forms-texts.ts')).loadFormsTexts()],
  ['appointments', async () => (await import('../forms/boutiques-api.ts')).loadAppointmentTexts()],
  ['alerts', async () => (await import('../stock/alerts-texts.ts')).loadAlertsTexts()],
]);

export function registerTaskTexts(namespace: string, load: () => Promise<void>): void {
  TEXT_LOADERS.set(namespace, load);
}

/** A page gets this long to claim a task it just queued before the announcer speaks for it. */
export const ANNOUNCE_GRACE_MS = 600;

async function text(key: string): Promise<string> {
  const namespace = key.includes(':') ? key.split(':', 1)[0]! : null;
  if (namespace) await TEXT_LOADERS.get(namespace)?.().catch(() => {});
  const value = i18next.t(key);
  // Texts not loaded (or a key no text has): the key says more than an empty notification.
  return typeof value === 'string' && value !== '' ? value : key;
}

async function okLabels(): Promise<{ ok: string; region: string }> {
  await TEXT_LOADERS.get('account')?.().catch(() => {});
  return { ok: i18next.t('account:notices.ok'), region: i18next.t('account:notices.region') };
}

/** A retried answer's message (T13): an error with OK; identical repeats are dropped by the notifications. */
export async function showTaskError(message: string): Promise<void> {
  const labels = await okLabels();
  notify({ type: 'error', message, action1: { label: labels.ok } }, { regionLabel: labels.region });
}

/** Refusals the queue makes on this device (not the server's), by code, and the text that says them. */
const LOCAL_REFUSALS: Readonly<Record<string, string>> = { upload_missing: 'forms:errors.upload_missing' };

/** What the announcer shows of an answered task, or null when nothing is to be shown (silent, refresh under way). */
export function announcement(task: SyncTaskDoc, lock: number): { type: 'success' | 'error'; key?: string; message?: string } | null {
  if (succeeded(task)) return task.silent || !task.callback_event ? null : { type: 'success', key: task.callback_event };
  const result = (task.result ?? {}) as { message?: string; error?: string };
  const outcome: TaskOutcome = { kind: 'failed', resultCode: task.resultCode ?? 0, result: { error: result.error ?? 'error', message: result.message ?? '' }, message: result.message ?? '' };
  if (!shouldNotify(outcome, task, lock)) return null;
  // A refusal this device made itself has its own words in every language; a server's message is shown as it came.
  const local = result.error ? LOCAL_REFUSALS[result.error] : undefined;
  return local ? { type: 'error', key: local } : { type: 'error', message: outcome.message };
}

export interface AnnouncerOptions {
  locks?: LockManager | null;
  graceMs?: number;
  /** Tests hear what would be shown. */
  show?: (type: 'success' | 'error', message: string) => void;
}

async function claimedElsewhere(id: string, locks: LockManager | null | undefined): Promise<boolean> {
  if (!locks) return false;
  const state = await locks.query();
  return [...(state.held ?? []), ...(state.pending ?? [])].some((lock) => lock.name === claimLockName(id));
}

export function startTaskAnnouncer(queue: TaskQueue, options: AnnouncerOptions = {}): () => void {
  const seen = new Set<string>();
  const show =
    options.show ??
    ((type: 'success' | 'error', message: string) => {
      void okLabels().then((labels) => notify({ type, message, action1: { label: labels.ok } }, { regionLabel: labels.region }));
    });

  const consider = async (id: string) => {
    await new Promise((resolve) => setTimeout(resolve, options.graceMs ?? ANNOUNCE_GRACE_MS));
    const work = async (lock: Lock | null | true) => {
      if (lock === null) return; // another tab announces it
      if (queue.claimed.has(id) || (await claimedElsewhere(id, options.locks))) return;
      const doc = await queue.collection.findOne(id).exec();
      if (!doc || !doc.transmited || doc.acknowledged) return;
      const task = doc.toMutableJSON() as SyncTaskDoc;
      const said = announcement(task, queue.context().lock);
      if (said) show(said.type, said.key ? await text(said.key) : (said.message ?? ''));
      await queue.acknowledge(id, 'announcer');
    };
    if (options.locks) await options.locks.request(`shop-task-ack-${id}`, { ifAvailable: true }, work);
    else await work(true);
  };

  const subscription = queue.collection.find({ selector: { transmited: true, acknowledged: false } }).$.subscribe((docs) => {
    for (const doc of docs) {
      if (seen.has(doc.id)) continue;
      seen.add(doc.id);
      void consider(doc.id).catch((error: unknown) => console.error('A task outcome could not be announced', error));
    }
  });
  return () => subscription.unsubscribe();
}
