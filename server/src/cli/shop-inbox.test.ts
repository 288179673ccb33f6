/** `pnpm shop inbox ...` and `pnpm shop forms ...` as an operator runs them: a child process on a temp DATA_DIR. */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { insertSubmission } from '../features/forms/inbox.repository.ts';
import { migrateToLatest } from '../storage/database.ts';
import { runTransaction } from '../storage/engine.ts';
import { createTestDatabase, openTestDatabase } from '../test/open-test-database.ts';
import { shopCli } from '../test/shop-cli.ts';

const { work, shop } = shopCli('inbox');

async function submit(name: string, createdAt: number): Promise<number> {
  await createTestDatabase(path.join(work, 'data'));
  const db = await openTestDatabase(path.join(work, 'data'));
  try {
    await migrateToLatest(db);
    return await runTransaction(db, (trx) =>
      insertSubmission(trx, { kind: 'contact', taskId: `task-${name}-${createdAt}`, store: 'nl', language: 'nl', customerId: null, name, email: `${name.toLowerCase()}@example.nl`, phone: null, data: { subject: 'general', message: `Vraag van ${name}` } }, createdAt),
    );
  } finally {
    await db.destroy();
  }
}

describe('pnpm shop inbox', () => {
  it('lists, shows, exports, marks handled, erases and prunes', { timeout: 120_000 }, async () => {
    expect((await shop('inbox', 'list')).stdout.trim()).toBe('Nothing came in (for this filter).');
    const anna = await submit('Anna', Date.now());
    const old = await submit('Oud', Date.now() - 200 * 86_400_000);

    const list = await shop('inbox', 'list', '--kind', 'contact');
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toContain(`#${anna}`);
    expect(list.stdout).toContain('Anna <anna@example.nl>');
    const shown = await shop('inbox', 'show', String(anna));
    expect(shown.stdout).toContain('message: Vraag van Anna');

    const exported = await shop('inbox', 'export', 'out');
    expect(exported.code, exported.stderr).toBe(0);
    const lines = fs.readFileSync(path.join(work, 'out', 'submissions.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { id: number; name: string });
    expect(lines.map((line) => line.id).sort()).toEqual([anna, old].sort());
    expect(fs.statSync(path.join(work, 'out', 'submissions.jsonl')).mode & 0o777).toBe(0o600);

    expect((await shop('inbox', 'handled', String(anna))).stdout).toContain('is handled');
    expect((await shop('inbox', 'list', '--status', 'handled')).stdout).toContain(`#${anna}`);
    const pruned = await shop('inbox', 'prune');
    expect(pruned.stdout).toContain('1 submissions redacted');
    expect((await shop('inbox', 'show', String(old))).stdout).toContain('(personal data removed)');
    expect((await shop('inbox', 'erase', String(anna))).code).toBe(0);
    expect((await shop('inbox', 'show', String(anna))).stdout).not.toContain('Vraag van Anna');

    expect((await shop('inbox', 'show', '999999')).code).toBe(1);
    expect((await shop('inbox', 'cancel', String(anna))).code).toBe(1);
    expect((await shop('inbox', 'show', 'abc')).code).toBe(2);
    expect((await shop('inbox', 'list', '--kind', 'spam')).code).toBe(2);
    expect((await shop('inbox', 'frobnicate')).code).toBe(2);
  });

  it('imports and lists custom forms, refusing a broken file', { timeout: 60_000 }, async () => {
    const label = { en: 'Name', nl: 'Naam', de: 'Name' };
    fs.writeFileSync(path.join(work, 'form.json'), JSON.stringify({ title: label, fields: [{ name: 'name', type: 'text', required: true, rule: 'name', label }] }));
    fs.writeFileSync(path.join(work, 'broken.json'), JSON.stringify({ title: label, fields: [] }));
    const imported = await shop('forms', 'import', 'engraving', 'form.json');
    expect(imported.code, imported.stderr).toBe(0);
    expect((await shop('forms', 'list')).stdout).toContain('engraving  active');
    const broken = await shop('forms', 'import', 'engraving', 'broken.json');
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain('Nothing was imported');
  });
});
