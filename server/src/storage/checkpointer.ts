/**
 * Checkpoints the SQLite WAL from a worker thread (decision 024). SQLite's automatic checkpoint runs inside the commit
 * that crosses its threshold, on the server's only thread, and with `synchronous = NORMAL` that is where the fsyncs
 * happen: a stall of 5-20 ms every few hundred orders, for every request queued behind it. Here a second connection
 * on a worker thread runs a PASSIVE checkpoint every `everyMs`: it never blocks the writer (which keeps appending to
 * the WAL), and the WAL starts over from its beginning once a checkpoint has caught up. The writer's own automatic
 * checkpoint stays on at a higher threshold, as a bound on the WAL should this thread fall behind or stop.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** How often the worker checkpoints: a few hundred orders' pages at most. */
export const CHECKPOINT_EVERY_MS = 200;
/** The writer's own automatic checkpoint, in pages (SQLite's default is 1000): only reached when the worker lags. */
export const WRITER_AUTOCHECKPOINT_PAGES = 10_000;

/*
 * The worker's code, evaluated as CommonJS. It loads the same better-sqlite3 the server loaded (its resolved path is
 * handed over), so it works the same from the sources (tsx) and from the bundle (dist/server.mjs).
 */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('synchronous = NORMAL');
db.pragma('busy_timeout = 1000');
let failures = 0;
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    if (failures++ === 0) parentPort.postMessage({ error: String(error && error.message ? error.message : error) });
  }
}, workerData.everyMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
parentPort.postMessage({ ready: true });
`;

export interface Checkpointer {
  /** Stops checkpointing and closes the worker's connection; resolves when the worker has ended. */
  stop(): Promise<void>;
}

/** Starts checkpointing `file` (an existing database in WAL mode) from a worker thread. */
export function startCheckpointer(file: string, options: { everyMs?: number; onError?: (message: string) => void } = {}): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER, { eval: true, workerData: { driver, file, everyMs: options.everyMs ?? CHECKPOINT_EVERY_MS } });
  const ended = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  worker.on('message', (message: { error?: string }) => {
    if (message.error) options.onError?.(message.error);
  });
  worker.on('error', (error) => options.onError?.(error.message));
  // The server's life decides the worker's, not the other way round. After the listeners: adding a 'message'
  // listener refs the worker again.
  worker.unref();
  let stopping: Promise<void> | undefined;
  return {
    stop() {
      stopping ??= (async () => {
        // Whoever waits for the stop is waited for: an unref'd worker and timer alone would let Node end the process
        // (exit code 13 under a top-level await) before the worker had closed its connection.
        worker.ref();
        worker.postMessage('stop');
        // A worker stuck in a long checkpoint is not waited for past a second.
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<'late'>((resolve) => (timer = setTimeout(resolve, 1000, 'late')));
        if ((await Promise.race([ended, timeout])) === 'late') await worker.terminate();
        clearTimeout(timer);
      })();
      return stopping;
    },
  };
}
