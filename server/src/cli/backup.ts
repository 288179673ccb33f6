/**
 * `pnpm shop backup <file>`: a consistent copy of the shop's SQLite database while the shop runs (SQLite's online
 * backup: it sees one committed state, whatever the shop writes meanwhile). The copy is written beside the target as
 * `<file>.partial` and renamed when complete, so a file of that name is always a whole backup; it is readable by the
 * owner only, like the database (it holds customers' data). On PostgreSQL the shop's database is backed up with
 * PostgreSQL's own pg_dump, and the command says exactly how.
 */
import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import type { AppConfig } from '../config.ts';
import { OWNER_FILE_MODE } from '../storage/owner-only.ts';

interface Io {
  out: (line: string) => void;
  err: (line: string) => void;
}

/** A word for a POSIX shell, quoted when it needs to be. */
function shellWord(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`;
}

/** The URL without its password (pg_dump takes that from PGPASSWORD or ~/.pgpass). */
export function urlWithoutPassword(url: string): string {
  const parsed = new URL(url);
  parsed.password = '';
  return parsed.toString();
}

export async function backupShop(config: AppConfig, target: string, io: Io): Promise<number> {
  if (config.database.engine === 'postgres') {
    const url = urlWithoutPassword(config.database.url);
    io.err(
      [
        'This shop runs on PostgreSQL: back it up with pg_dump (nothing was written). The same backup, in its compressed custom format:',
        `  pg_dump -Fc --file ${shellWord(target)} ${shellWord(url)}`,
        'Give the password through PGPASSWORD or ~/.pgpass (it is not shown here). Restore into an empty database with:',
        `  pg_restore --no-owner --dbname ${shellWord(url)} ${shellWord(target)}`,
      ].join('\n'),
    );
    return 1;
  }
  const source = config.database.file;
  if (!fs.existsSync(source)) {
    io.err(`There is no shop database at ${source}: set DATA_DIR to the shop's data folder.`);
    return 1;
  }
  const started = performance.now();
  const partial = `${target}.partial`;
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.rmSync(partial, { force: true });
  const live = new SqliteDatabase(source, { fileMustExist: true });
  try {
    live.pragma('busy_timeout = 5000');
    await live.backup(partial);
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  } finally {
    live.close();
  }
  fs.chmodSync(partial, OWNER_FILE_MODE);
  // The copy must open and pass SQLite's own check before it takes the name.
  const copy = new SqliteDatabase(partial, { readonly: true, fileMustExist: true });
  let check: string;
  let tables: number;
  try {
    check = String(copy.pragma('quick_check', { simple: true }));
    tables = (copy.prepare("select count(*) as n from sqlite_master where type = 'table'").get() as { n: number }).n;
  } finally {
    copy.close();
  }
  if (check !== 'ok') {
    fs.rmSync(partial, { force: true });
    io.err(`The copy of ${source} failed SQLite's check (${check}); nothing was written to ${target}.`);
    return 1;
  }
  fs.renameSync(partial, target);
  const megabytes = (fs.statSync(target).size / 1024 / 1024).toFixed(1);
  io.out(`Backed up ${source} to ${target} (${megabytes} MB, ${tables} tables) in ${((performance.now() - started) / 1000).toFixed(1)} s. Restore: stop the shop, delete ${path.basename(source)}-wal and ${path.basename(source)}-shm beside it, and copy the backup to ${source}.`);
  return 0;
}
