/** `pnpm shop` as an operator runs it: a child process on a temp DATA_DIR, judged by its exit code and its output. */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { fixtureCatalogue } from '../test/fixture-catalogue.ts';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-cli-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs from the server folder with the operator's folder in INIT_CWD, as `pnpm shop` does. The package's own tsx
 * binary rather than npx, which would put the server folder in INIT_CWD.
 */
function shop(...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      path.join(serverDir, 'node_modules', '.bin', 'tsx'),
      ['src/cli/shop.ts', ...args],
      { cwd: serverDir, env: { ...process.env, DATA_DIR: 'data', INIT_CWD: work, NODE_ENV: 'test' } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

function writeJson(name: string, value: unknown): string {
  fs.writeFileSync(path.join(work, name), JSON.stringify(value));
  return name;
}

describe('pnpm shop', () => {
  it('imports a catalogue file, then a file with one changed price, and prints a one-line summary', { timeout: 120_000 }, async () => {
    const first = await shop('import', writeJson('catalogue.json', fixtureCatalogue()));
    expect(first.code).toBe(0);
    expect(first.stdout.trim().split('\n')).toHaveLength(1);
    expect(first.stdout).toContain(path.join(work, 'data', 'shop.sqlite'));
    expect(first.stdout).toMatch(/\(upsert\): products 8 new, 0 updated; categories 7 new, 0 updated; attributes 6 new, 0 updated; tax classes 2 new, 0 updated; tax rules 1 new, 0 updated; \d+ URL mappings/);
    expect(first.stdout).toContain('A running server shows the changes after its next start.');

    const changed = fixtureCatalogue().products.find((p) => p.sku === 'W-3')!;
    changed.price = 9500;
    const second = await shop('import', writeJson('price.json', { products: [changed] }));
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(/products 0 new, 1 updated; \d+ URL mappings \(0 changed\)/);

    // One record per line by default; off a terminal, no progress: stderr stays empty.
    const exported = await shop('export', 'export/catalogue.ndjson');
    expect(exported.code).toBe(0);
    expect(exported.stderr).toBe('');
    expect(exported.stdout).toMatch(/^Exported 8 products, 7 categories, 6 attributes, 2 tax classes and 1 tax rules/);
    const lines = fs.readFileSync(path.join(work, 'export', 'catalogue.ndjson'), 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line) as { kind: string; sku?: string; price?: number });
    expect(lines[0]).toEqual({ kind: 'catalogue', version: 1 });
    expect(lines.filter((l) => l.kind === 'product')).toHaveLength(8);
    expect(lines.find((l) => l.sku === 'W-3')?.price).toBe(9500);
    expect(fs.readdirSync(path.join(work, 'export'))).toEqual(['catalogue.ndjson']);

    // The single document of earlier versions, on request.
    const document = await shop('export', 'export/catalogue.json', '--format', 'json');
    expect(document.code).toBe(0);
    const file = JSON.parse(fs.readFileSync(path.join(work, 'export', 'catalogue.json'), 'utf8')) as ReturnType<typeof fixtureCatalogue>;
    expect(file.products.find((p) => p.sku === 'W-3')?.price).toBe(9500);
    expect(file.products.find((p) => p.sku === 'W-2')?.price).toBe(6000);

    // Both import again; the format is told by the content, whatever the name.
    fs.copyFileSync(path.join(work, 'export', 'catalogue.ndjson'), path.join(work, 'export', 'lines-named.json'));
    for (const name of ['export/catalogue.ndjson', 'export/lines-named.json']) {
      const again = await shop('import', name);
      expect(again.code, again.stderr).toBe(0);
      expect(again.stdout).toMatch(/products 0 new, 8 updated; .*\(0 changed\)/);
    }
  });

  it('names the line of each problem in a file of one record per line, and loads nothing', { timeout: 60_000 }, async () => {
    const [w1, w2] = fixtureCatalogue().products;
    const lines = [
      JSON.stringify({ kind: 'catalogue', version: 1 }),
      JSON.stringify({ kind: 'product', ...w1, price: 1 }),
      '{"kind":"product","id":2,',
      JSON.stringify({ kind: 'product', ...w2, price: -5 }),
      JSON.stringify({ kind: 'produkt', id: 9 }),
    ];
    fs.writeFileSync(path.join(work, 'bad.ndjson'), `${lines.join('\n')}\n`);
    const bad = await shop('import', 'bad.ndjson');
    expect(bad.code).toBe(1);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toMatch(/^line 3: not valid JSON: .*column \d+/m);
    expect(bad.stderr).toContain('line 4 (products, sku W-2): price: must be 0 or more');
    expect(bad.stderr).toContain('line 5: unknown kind "produkt" (the kinds are attribute, category, product, tax_class, tax_rule)');
    expect(bad.stderr).toContain('bad.ndjson: 3 records with problems (3 in all). Nothing was imported.');
  });

  it('lists every problem, loads nothing and exits with 1', { timeout: 60_000 }, async () => {
    const products = fixtureCatalogue().products as unknown as Array<Record<string, unknown>>;
    products[0]!.price = '5000';
    products[2]!.category_ids = [10, 99];
    const bad = await shop('import', writeJson('bad.json', { products }));
    expect(bad.code).toBe(1);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toContain('products[0] (sku W-1): price: expected a number, got "5000"');
    expect(bad.stderr).toContain('products[2] (sku W-3): category_ids[1]: unknown category 99 (not in this file nor in the catalogue)');
    expect(bad.stderr).toContain('bad.json: 2 records with problems (2 in all). Nothing was imported.');

    fs.writeFileSync(path.join(work, 'broken.json'), '{"products": [\n  {"id": 1,}\n]}');
    const broken = await shop('import', 'broken.json');
    expect(broken.code).toBe(1);
    expect(broken.stderr).toMatch(/broken\.json is not valid JSON: .*line 2.*Nothing was imported\./);

    const exported = await shop('export', 'after-bad.json', '--format', 'json');
    const file = JSON.parse(fs.readFileSync(path.join(work, 'after-bad.json'), 'utf8')) as ReturnType<typeof fixtureCatalogue>;
    expect(exported.code).toBe(0);
    expect(file.products.find((p) => p.sku === 'W-1')?.price).toBe(5000);
  });

  it('exits with 2 and the usage on a wrong command', { timeout: 60_000 }, async () => {
    const wrong = await shop('imprt', 'catalogue.json');
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('Usage:');
  });
});
