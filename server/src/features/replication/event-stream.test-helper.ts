/** Reads a replication stream over a real socket (inject cannot hold a response open) with Node's http client. */
import http from 'node:http';
import { EventStreamReader } from './event-stream-reader.ts';

export interface EventStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Resolves with the next event's parsed `data`; fails when none comes within `timeoutMs`. */
  next(timeoutMs?: number): Promise<unknown>;
  close(): void;
}

const open = new Set<http.ClientRequest>();

/** Ends every stream still open (afterAll). */
export function closeStreams(): void {
  open.forEach((request) => request.destroy());
  open.clear();
}

export function connectStream(url: string): Promise<EventStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, (response) => {
      const queue: unknown[] = [];
      const waiting: Array<(value: unknown) => void> = [];
      const reader = new EventStreamReader();
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        for (const value of reader.take(chunk)) {
          const waiter = waiting.shift();
          if (waiter) waiter(value);
          else queue.push(value);
        }
      });
      resolve({
        status: response.statusCode ?? 0,
        headers: response.headers,
        next: (timeoutMs = 2000) =>
          queue.length
            ? Promise.resolve(queue.shift())
            : new Promise((done, fail) => {
                const waiter = (value: unknown) => {
                  clearTimeout(timer);
                  done(value);
                };
                const timer = setTimeout(() => {
                  waiting.splice(waiting.indexOf(waiter), 1);
                  fail(new Error(`no event within ${timeoutMs / 1000} s`));
                }, timeoutMs);
                waiting.push(waiter);
              }),
        close: () => {
          request.destroy();
          open.delete(request);
        },
      });
    });
    open.add(request);
    request.on('error', reject);
  });
}
