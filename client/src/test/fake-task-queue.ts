/**
 * The sync task queue, faked for a page's tests (the queue's own tests are the queue's): what was queued, the
 * page's watchers (the test answers through them), what the page acknowledged. A test file mocks the module with it:
 * `vi.mock('…/sync/task-queue.ts', () => import('…/test/fake-task-queue.ts'))`, and calls `resetQueue()` before each test.
 */
import type { TaskPhoto, TaskSpec, TaskView } from '../features/sync/task-queue.ts';

export const queue = {
  specs: [] as TaskSpec[],
  watchers: new Map<string, (view: TaskView | null) => void>(),
  acknowledged: [] as string[],
};

export function resetQueue(): void {
  queue.specs.length = 0;
  queue.watchers.clear();
  queue.acknowledged.length = 0;
}

/** The last task queued (throws when there is none). */
export function lastTask(): TaskSpec & { taskId: string } {
  const spec = queue.specs.at(-1);
  if (!spec?.taskId) throw new Error('no task was queued');
  return spec as TaskSpec & { taskId: string };
}

/** Answers a task as the queue would (`sent`, `failed`, `pending` …) to whoever watches it. */
export function answerTask(id: string, view: Omit<TaskView, 'id'> | null): void {
  const watcher = queue.watchers.get(id);
  if (!watcher) throw new Error(`nobody watches the task ${id}`);
  watcher(view === null ? null : { id, ...view });
}

export async function enqueueTask(spec: TaskSpec): Promise<string> {
  const taskId = spec.taskId ?? `task-${queue.specs.length + 1}`;
  queue.specs.push({ ...spec, taskId });
  return taskId;
}

export function watchTask(id: string, onChange: (view: TaskView | null) => void): () => void {
  queue.watchers.set(id, onChange);
  return () => {
    if (queue.watchers.get(id) === onChange) queue.watchers.delete(id);
  };
}

export async function acknowledgeTask(id: string): Promise<void> {
  queue.acknowledged.push(id);
}

export async function taskPhotos(id: string): Promise<TaskPhoto[]> {
  return queue.specs.find((spec) => spec.taskId === id)?.photos ?? [];
}

/** Like the queue's: resolves on `sent`, `failed`, or `pending` for a reason a page tells (offline). */
export function settleTask(id: string): Promise<TaskView> {
  return new Promise((resolve, reject) => {
    watchTask(id, (view) => {
      if (view === null) reject(new Error(`The task ${id} is gone`));
      else if (view.status === 'sent' || view.status === 'failed' || (view.status === 'pending' && view.reason !== 'queued' && view.reason !== 'not-leader' && view.reason !== 'waiting-lock')) resolve(view);
    });
  });
}

export function onTaskResult(): () => void {
  return () => undefined;
}
