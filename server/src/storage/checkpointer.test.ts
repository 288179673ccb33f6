import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SqliteDatabase from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { startCheckpointer, type Checkpointer } from './checkpointer.ts';

/** Polls `done` until it holds, failing after `timeoutMs` (a wait, not a timing assertion). */
async function eventually(done: () => boolean, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > until) throw new Error('the condition did not hold in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the background WAL checkpoint', () => {
  const dirs: string[] = [];
  const running: Checkpointer[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((checkpointer) => checkpointer.stop()));
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });
  function database() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-checkpoint-'));
    dirs.push(dir);
    const file = path.join(dir, 'shop.sqlite');
    const sqlite = new SqliteDatabase(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    // Only the worker checkpoints here: the writer's own automatic checkpoint is off.
    sqlite.pragma('wal_autocheckpoint = 0');
    sqlite.exec('create table notes (id integer primary key, body text not null)');
    return { file, sqlite };
  }
  const write = (sqlite: SqliteDatabase.Database, rows: number) => {
    const insert = sqlite.prepare('insert into notes (body) values (?)');
    sqlite.transaction(() => {
      for (let i = 0; i < rows; i++) insert.run('x'.repeat(2000));
    })();
  };

  it('moves committed pages from the WAL into the database file while the writer goes on, and the WAL is reused', async () => {
    const { file, sqlite } = database();
    write(sqlite, 2000);
    const walAfterFirst = fs.statSync(`${file}-wal`).size;
    expect(fs.statSync(file).size).toBeLessThan(100_000);

    running.push(startCheckpointer(file, { everyMs: 20 }));
    // Caught up: the database file holds every page the writer sees (the ~4 MB that were only in the WAL).
    const caughtUp = () => fs.statSync(file).size === Number(sqlite.pragma('page_count', { simple: true })) * Number(sqlite.pragma('page_size', { simple: true }));
    await eventually(caughtUp);
    expect(fs.statSync(file).size).toBeGreaterThan(4_000_000);
    // Once a checkpoint has caught up, a later commit starts the WAL over instead of growing it: ten more rounds of
    // ~0.4 MB leave it far below the ~4 MB more it would hold otherwise. (A commit that comes while a checkpoint is
    // still finishing appends; the next one after it starts over.)
    for (let i = 0; i < 10; i++) {
      write(sqlite, 200);
      await eventually(caughtUp);
    }
    expect(fs.statSync(`${file}-wal`).size).toBeLessThan(walAfterFirst + 2_000_000);
    expect(sqlite.prepare('select count(*) as n from notes').get()).toEqual({ n: 4000 });
    sqlite.close();
  });

  it('never keeps the process alive on its own', () => {
    const { file, sqlite } = database();
    sqlite.close();
    const module = JSON.stringify(new URL('./checkpointer.ts', import.meta.url).href);
    // A process that starts the checkpointer and never stops it must still end by itself.
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', `import { startCheckpointer } from ${module}; startCheckpointer(${JSON.stringify(file)});`], {
      // From the server package, where tsx is installed.
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
      timeout: 30_000,
      encoding: 'utf8',
    });
    expect(run.error).toBeUndefined();
    expect({ status: run.status, signal: run.signal, stderr: run.stderr }).toEqual({ status: 0, signal: null, stderr: '' });
  });

  it('keeps the process alive while a stop is awaited, until the worker has ended', () => {
    const { file, sqlite } = database();
    sqlite.close();
    const module = JSON.stringify(new URL('./checkpointer.ts', import.meta.url).href);
    // Nothing but the stop holds this process: were the worker still unref'd while it ends, the event loop would
    // empty before the await settles and Node would exit with 13 without printing 'stopped'.
    const script = `import { startCheckpointer } from ${module}; const checkpointer = startCheckpointer(${JSON.stringify(file)}); await new Promise((resolve) => setTimeout(resolve, 300)); await checkpointer.stop(); console.log('stopped');`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
      timeout: 30_000,
      encoding: 'utf8',
    });
    expect(run.error).toBeUndefined();
    expect({ status: run.status, signal: run.signal, stdout: run.stdout.trim() }).toEqual({ status: 0, signal: null, stdout: 'stopped' });
  });

  it('reports a database it cannot open, and stops cleanly', async () => {
    const errors: string[] = [];
    const checkpointer = startCheckpointer(path.join(os.tmpdir(), 'shop-no-such-dir', 'missing.sqlite'), { onError: (message) => errors.push(message) });
    await eventually(() => errors.length > 0);
    expect(errors[0]).toMatch(/unable to open|directory does not exist|no such file/i);
    await checkpointer.stop();
  });
});
