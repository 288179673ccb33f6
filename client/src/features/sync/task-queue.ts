/**
 * PLACEHOLDER of the sync task queue's API (issue 17, brief point 5), so the forms compile before the queue lands.
 * The queue's own file (work package 1) replaces this one at merge; nothing here sends anything.
 */
export type TaskKind = 'profile' | 'newsletter' | 'review' | 'stats' | 'contact' | 'tradeIn' | 'appointment' | 'customForm' | 'invoice' | 'sendInvoice';

export interface TaskPhoto {
  id: string;
  name: string;
  type: string;
  blob: Blob;
}

export interface TaskSpec {
  taskId?: string;
  kind: TaskKind;
  url: string;
  method?: 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  auth: 'public' | 'customer';
  captcha?: boolean;
  silent?: boolean;
  callbackEvent?: string;
  cacheable?: boolean;
  photos?: TaskPhoto[];
}

export interface TaskView {
  id: string;
  status: 'preparing' | 'pending' | 'sending' | 'sent' | 'failed';
  reason?: string;
  resultCode?: number;
  result?: unknown;
  error?: { code?: string; message: string; details?: unknown };
}

const missing = () => new Error('The sync task queue is not part of this build yet');

export function enqueueTask(_spec: TaskSpec): Promise<string> {
  return Promise.reject(missing());
}

export function watchTask(_id: string, _onChange: (view: TaskView | null) => void): () => void {
  return () => undefined;
}

export function acknowledgeTask(_id: string): Promise<void> {
  return Promise.resolve();
}

export function taskPhotos(_id: string): Promise<TaskPhoto[]> {
  return Promise.resolve([]);
}
