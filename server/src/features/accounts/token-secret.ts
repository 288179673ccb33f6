/**
 * The key that signs access tokens: TOKEN_SECRET when configured, else one made on the first start and kept in the
 * data folder (`token-secret`, readable by the owner only), so a restart keeps every session valid. Several server
 * instances must share TOKEN_SECRET.
 */
import { OWNER_DIR_MODE, OWNER_FILE_MODE } from '../../storage/owner-only.ts';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const TOKEN_SECRET_FILE = 'token-secret';

export function loadTokenSecret(dataDir: string, configured: string | null): string {
  if (configured) return configured;
  const file = path.join(dataDir, TOKEN_SECRET_FILE);
  fs.mkdirSync(dataDir, { recursive: true, mode: OWNER_DIR_MODE });
  try {
    fs.writeFileSync(file, randomBytes(48).toString('base64url'), { flag: 'wx', mode: OWNER_FILE_MODE });
  } catch (error) {
    // Made already (by an earlier start, or another process just now): use that one.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = fs.readFileSync(file, 'utf8').trim();
  if (secret.length < 32) throw new Error(`${file} holds no usable token secret: delete it to have a new one made (every customer is then logged out)`);
  return secret;
}
