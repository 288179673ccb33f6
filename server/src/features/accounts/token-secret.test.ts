/** Where the token secret comes from (token-secret.ts), and one secret for every instance on a database. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../storage/database.ts';
import { cleanUpLater } from '../../test/clean-up.ts';
import { buildInstances } from '../../test/instances.ts';
import { openTestDatabase } from '../../test/open-test-database.ts';
import { testEngine } from '../../test/test-database.ts';
import { client, customerBody, PASSWORD } from './accounts.test-support.ts';
import { loadTokenSecret, TOKEN_SECRET_FILE, TOKEN_SECRET_SETTING } from './token-secret.ts';

async function database() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-secret-'));
  const db = await openTestDatabase(dataDir);
  await migrateToLatest(db);
  cleanUpLater(async () => {
    await db.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return { dataDir, db };
}

describe('the token secret', () => {
  it('TOKEN_SECRET wins; else the settings row, made once per database on PostgreSQL; else (SQLite) the data-folder file', async () => {
    const { dataDir, db } = await database();
    expect(await loadTokenSecret(db, dataDir, 'configured-secret-0123456789abcdefghijkl')).toBe('configured-secret-0123456789abcdefghijkl');

    const first = await loadTokenSecret(db, dataDir, null);
    expect(first.length).toBeGreaterThanOrEqual(32);
    // Another data folder on the same database: the same secret on PostgreSQL; its own file on SQLite (one instance).
    const otherDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-secret-other-'));
    const other = await loadTokenSecret(db, otherDir, null);
    fs.rmSync(otherDir, { recursive: true, force: true });
    if (testEngine() === 'postgres') expect(other).toBe(first);
    else expect(other).not.toBe(first);
    const row = await db.selectFrom('settings').select('value').where('key', '=', TOKEN_SECRET_SETTING).executeTakeFirst();
    if (testEngine() === 'postgres') {
      expect(row?.value).toBe(first);
      expect(fs.existsSync(path.join(dataDir, TOKEN_SECRET_FILE))).toBe(false);
    } else {
      // An existing SQLite shop keeps the file it has (and every session signed with it).
      expect(row).toBeUndefined();
      expect(fs.readFileSync(path.join(dataDir, TOKEN_SECRET_FILE), 'utf8')).toBe(first);
      expect(await loadTokenSecret(db, dataDir, null)).toBe(first);
    }

    // A row (brought by a move between engines) is used on either engine.
    await db.deleteFrom('settings').where('key', '=', TOKEN_SECRET_SETTING).execute();
    await db.insertInto('settings').values({ key: TOKEN_SECRET_SETTING, value: 'row-secret-0123456789abcdefghijklmnopqrstu' }).execute();
    expect(await loadTokenSecret(db, dataDir, null)).toBe('row-secret-0123456789abcdefghijklmnopqrstu');
    await db.updateTable('settings').set({ value: 'short' }).where('key', '=', TOKEN_SECRET_SETTING).execute();
    await expect(loadTokenSecret(db, dataDir, null)).rejects.toThrow('holds no usable token secret');
  });
});

describe.runIf(testEngine() === 'postgres')('instances with data folders of their own (PostgreSQL)', () => {
  it('sign with one secret: a login on one instance is good on the other', async () => {
    const [a, b] = (await buildInstances({ separateDataDirs: true })) as [FastifyInstance, FastifyInstance];
    const onA = client(() => a);
    const onB = client(() => b);
    expect((await onA('POST', '/api/user/create', { payload: customerBody('two-instances@example.com') })).status).toBe(200);
    const login = await onA('POST', '/api/user/login', { payload: { username: 'two-instances@example.com', password: PASSWORD } });
    expect(login.status).toBe(200);
    const me = await onB('GET', '/api/user/me', { token: login.body.result });
    expect(me.status, JSON.stringify(me.body)).toBe(200);
    expect(me.body.result.email).toBe('two-instances@example.com');
  });
});
