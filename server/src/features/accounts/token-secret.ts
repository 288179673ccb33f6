/**
 * The key that signs access tokens (and the order-status links, the sandbox's notifications, the newsletter proof),
 * loaded once at start (app.ts) and handed to each feature. Where it comes from, first found:
 * 1. TOKEN_SECRET, when configured;
 * 2. the `settings` row `token_secret`: on PostgreSQL it is made on the first start (insert … on conflict do nothing,
 *    then read), so every instance on the database signs with the same key whatever its data folder; on SQLite it is
 *    used when present (a shop moved between engines brings it);
 * 3. on SQLite, a file in the data folder (`token-secret`, readable by the owner only), made on the first start, so an
 *    existing shop keeps every session valid across restarts and upgrades.
 */
import { OWNER_DIR_MODE, OWNER_FILE_MODE } from '../../storage/owner-only.ts';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../../storage/database.ts';
import { engineOf } from '../../storage/engine.ts';

export const TOKEN_SECRET_FILE = 'token-secret';
/** The `settings` key of the shared secret. */
export const TOKEN_SECRET_SETTING = 'token_secret';
const MIN_LENGTH = 32;

export async function loadTokenSecret(db: Db, dataDir: string, configured: string | null): Promise<string> {
  if (configured) return configured;
  if (engineOf(db) === 'postgres') {
    await db.insertInto('settings').values({ key: TOKEN_SECRET_SETTING, value: newSecret() }).onConflict((oc) => oc.column('key').doNothing()).execute();
  }
  const row = await db.selectFrom('settings').select('value').where('key', '=', TOKEN_SECRET_SETTING).executeTakeFirst();
  if (row) {
    if (row.value.trim().length < MIN_LENGTH) throw new Error(`The settings row ${TOKEN_SECRET_SETTING} holds no usable token secret: delete it to have a new one made (every customer is then logged out)`);
    return row.value.trim();
  }
  return fileSecret(dataDir);
}

function newSecret(): string {
  return randomBytes(48).toString('base64url');
}

function fileSecret(dataDir: string): string {
  const file = path.join(dataDir, TOKEN_SECRET_FILE);
  fs.mkdirSync(dataDir, { recursive: true, mode: OWNER_DIR_MODE });
  try {
    fs.writeFileSync(file, newSecret(), { flag: 'wx', mode: OWNER_FILE_MODE });
  } catch (error) {
    // Made already (by an earlier start, or another process just now): use that one.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = fs.readFileSync(file, 'utf8').trim();
  if (secret.length < MIN_LENGTH) throw new Error(`${file} holds no usable token secret: delete it to have a new one made (every customer is then logged out)`);
  return secret;
}
