/**
 * Everything the shop writes under DATA_DIR (the database with its WAL and SHM files, the token secret, product
 * pictures, the image cache) is readable by the shop's user only: files 0600, folders 0700. Writers pass these
 * modes; `restrictToOwner` puts them on whatever is already there (a data folder made by an older version) at start.
 * SQLite gives the WAL and SHM files the mode of the database file.
 */
import fs from 'node:fs';
import path from 'node:path';

export const OWNER_FILE_MODE = 0o600;
export const OWNER_DIR_MODE = 0o700;

/** Sets owner-only modes on `dir` and everything under it (symbolic links are left alone). */
export function restrictToOwner(dir: string): void {
  const stat = fs.lstatSync(dir, { throwIfNoEntry: false });
  if (!stat || stat.isSymbolicLink()) return;
  if (stat.isDirectory()) {
    if ((stat.mode & 0o777) !== OWNER_DIR_MODE) fs.chmodSync(dir, OWNER_DIR_MODE);
    for (const entry of fs.readdirSync(dir)) restrictToOwner(path.join(dir, entry));
  } else if (stat.isFile() && (stat.mode & 0o777) !== OWNER_FILE_MODE) {
    fs.chmodSync(dir, OWNER_FILE_MODE);
  }
}
