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
  it('imports a catalogue file, then a file with one changed price, and prints a one-line summary', { timeout: 60_000 }, async () => {
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

    const exported = await shop('export', 'export/catalogue.json');
    expect(exported.code).toBe(0);
    expect(exported.stdout).toMatch(/^Exported 8 products, 7 categories, 6 attributes, 2 tax classes and 1 tax rules/);
    const file = JSON.parse(fs.readFileSync(path.join(work, 'export', 'catalogue.json'), 'utf8')) as ReturnType<typeof fixtureCatalogue>;
    expect(file.products.find((p) => p.sku === 'W-3')?.price).toBe(9500);
    expect(file.products.find((p) => p.sku === 'W-2')?.price).toBe(6000);
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

    const exported = await shop('export', 'after-bad.json');
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
