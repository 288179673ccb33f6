/** `pnpm shop boutiques ...` as an operator runs it: a child process on a temp DATA_DIR. */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_BOUTIQUES } from '../features/boutiques/boutiques-seed.ts';
import { BoutiquesRepository } from '../features/boutiques/boutiques.repository.ts';
import { migrateToLatest } from '../storage/database.ts';
import { openTestDatabase } from '../test/open-test-database.ts';
import { shopCli } from '../test/shop-cli.ts';
import { readBoutiques } from './boutiques.ts';

const { work, shop } = shopCli('boutiques');

async function stored() {
  const db = await openTestDatabase(path.join(work, 'data'));
  try {
    await migrateToLatest(db);
    return await new BoutiquesRepository(db, () => 0).list({ all: true });
  } finally {
    await db.destroy();
  }
}

describe('pnpm shop boutiques', () => {
  it('imports boutiques from a file, replaces them by id, and lists them', { timeout: 60_000 }, async () => {
    expect((await shop('boutiques', 'list')).stdout.trim()).toBe('The shop has no boutiques.');
    fs.writeFileSync(path.join(work, 'boutiques.json'), JSON.stringify(DEMO_BOUTIQUES));
    const first = await shop('boutiques', 'import', 'boutiques.json');
    expect([first.code, first.stdout]).toEqual([0, expect.stringContaining('Imported 2 boutiques') as unknown]);
    expect(first.stdout).toContain('2 new, 0 replaced');

    fs.writeFileSync(path.join(work, 'one.json'), JSON.stringify({ boutiques: [{ ...DEMO_BOUTIQUES[1], name: 'Horloge & Diamant Rotterdam Centrum', active: false }] }));
    expect((await shop('boutiques', 'import', 'one.json')).stdout).toContain('0 new, 1 replaced');
    expect((await stored()).map((b) => [b.id, b.name, b.active])).toEqual([
      ['amsterdam', 'Horloge & Diamant Amsterdam', true],
      ['rotterdam', 'Horloge & Diamant Rotterdam Centrum', false],
    ]);
    const list = await shop('boutiques', 'list');
    expect(list.stdout).toContain('amsterdam  Horloge & Diamant Amsterdam, P.C. Hooftstraat 48, 1071 BZ Amsterdam (NL)  Europe/Amsterdam  appointments of 30 min');
    expect(list.stdout).toContain('rotterdam  Horloge & Diamant Rotterdam Centrum');
    expect(list.stdout).toContain('inactive');
  });

  it('imports nothing from a file with a problem, and names it', { timeout: 60_000 }, async () => {
    fs.writeFileSync(path.join(work, 'bad.json'), JSON.stringify([{ ...DEMO_BOUTIQUES[0], id: 'utrecht' }, { ...DEMO_BOUTIQUES[0], id: 'bad', timezone: 'Mars/Olympus' }]));
    const bad = await shop('boutiques', 'import', 'bad.json');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('boutique 2 (bad): timezone Mars/Olympus is not a time zone');
    expect(bad.stderr).toContain('Nothing was imported.');
    expect((await stored()).map((b) => b.id)).not.toContain('utrecht');
    expect((await shop('boutiques', 'import', 'missing.json')).code).toBe(1);
    expect((await shop('boutiques', 'remove', 'x')).code).toBe(2);
  });
});

describe('readBoutiques', () => {
  it('names every problem of a file', () => {
    const { problems } = readBoutiques([{ id: 'Amsterdam' }, { ...DEMO_BOUTIQUES[0] }, { ...DEMO_BOUTIQUES[0] }, { ...DEMO_BOUTIQUES[1], country: 'Netherlands' }]);
    expect(problems).toEqual([
      'boutique 1 (Amsterdam): id must be 1 to 63 lower-case letters, digits and hyphens',
      'boutique 3 (amsterdam): the id appears twice',
      expect.stringMatching(/^boutique 4 \(rotterdam\): country: must be a two-letter country code/) as unknown as string,
    ]);
    expect(readBoutiques({ nothing: true }).problems).toHaveLength(1);
  });
});
