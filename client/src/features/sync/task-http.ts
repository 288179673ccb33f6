/**
 * One request of a sync task (plan §1.3): the task's method, body and payload headers, `X-Task-Id` (the server's
 * receipt key: a task sent again is answered with the first answer and has no second effect), a customer's task
 * through the token gate (bearer header, refresh on 401), and the answer read into a `TaskOutcome` with the spec's
 * texts ('Error with response - bad content-type!', 'Unhandled error, wrong response format!'). Photos go first, one
 * `PUT /api/uploads/:id` each, with the same `X-Task-Id`.
 */
import { NOT_JSON, classifyResponse, taskMeta, type TaskOutcome, type TaskResponse } from '@shop/shared/sync/sync-task';
import type { SyncTaskDoc } from '@shop/shared/sync/sync-task.schema';

/** Sends one fetch; a customer's tasks go through the token gate (`gatedSend`), public ones straight out. */
export type TaskFetch = (url: string, init: RequestInit) => Promise<Response>;

export interface TaskTransport {
  publicFetch: TaskFetch;
  customerFetch: TaskFetch;
}

async function read(response: Response): Promise<TaskResponse> {
  let json: unknown = NOT_JSON;
  const text = await response.text().catch(() => '');
  try {
    json = JSON.parse(text);
  } catch {
    json = NOT_JSON;
  }
  const retryAfter = Number(response.headers.get('retry-after'));
  return { status: response.status, json, ...(retryAfter > 0 ? { retryAfter } : {}) };
}

/** Sends a request and reads the answer; a network failure is status 0 (the browser's ENOTFOUND). */
async function exchange(fetcher: TaskFetch, url: string, init: RequestInit): Promise<TaskResponse> {
  try {
    return await read(await fetcher(url, init));
  } catch (error) {
    return { status: 0, json: NOT_JSON, networkError: error instanceof Error ? error.message : 'Network error' };
  }
}

function fetcherOf(task: SyncTaskDoc, transport: TaskTransport): TaskFetch {
  return taskMeta(task).auth === 'customer' ? transport.customerFetch : transport.publicFetch;
}

/** T8–T13: the task's request, answered as an outcome. `extraHeaders`: the captcha and cart id made at send time. */
export async function sendTask(task: SyncTaskDoc, url: string, extraHeaders: Record<string, string>, transport: TaskTransport): Promise<TaskOutcome> {
  const { method, headers, body } = task.payload;
  // The runner's own headers win over a stored one of the same name in any spelling (a v0 task kept `Content-Type`):
  // a browser would join the two spellings into one value.
  const own: Record<string, string> = { ...extraHeaders, 'x-task-id': task.task_id };
  const ownNames = new Set(Object.keys(own).map((name) => name.toLowerCase()));
  const stored = Object.fromEntries(Object.entries(headers).filter(([name]) => !ownNames.has(name.toLowerCase())));
  const init: RequestInit = {
    method,
    headers: { ...stored, ...own },
    ...(body !== undefined && method !== 'GET' ? { body: JSON.stringify(body) } : {}),
  };
  return classifyResponse(await exchange(fetcherOf(task, transport), url, init));
}

/** T7: one photo, raw, with the task's id; the outcome of the upload (sent: stored on the shop's side). */
export async function uploadPhoto(task: SyncTaskDoc, photo: { id: string; type: string; blob: Blob }, transport: TaskTransport): Promise<TaskOutcome> {
  const init: RequestInit = {
    method: 'PUT',
    headers: { 'content-type': photo.type, accept: 'application/json', 'x-client': task.payload.headers['x-client'] ?? '1.0', 'x-task-id': task.task_id },
    body: photo.blob,
  };
  return classifyResponse(await exchange(fetcherOf(task, transport), `/api/uploads/${encodeURIComponent(photo.id)}`, init));
}
