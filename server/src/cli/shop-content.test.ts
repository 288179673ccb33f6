/** `pnpm shop content ...` as an operator runs it: a child process on a temp DATA_DIR, on the engine under test. */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixtureContent } from '../features/content/content.test-support.ts';
import { shopCli } from '../test/shop-cli.ts';

const { work, shop } = shopCli('content');
const write = (name: string, value: unknown) => fs.writeFileSync(path.join(work, name), typeof value === 'string' ? value : JSON.stringify(value));
const read = (name: string) => fs.readFileSync(path.join(work, name), 'utf8');

describe('pnpm shop content', () => {
  it('imports a content file, exports the same, and round-trips', { timeout: 90_000 }, async () => {
    const empty = await shop('content', 'export');
    expect(empty.code).toBe(0);
    expect(JSON.parse(empty.stdout)).toEqual({ version: 1, pages: [], blocks: [], hierarchy: [], categories: [], tags: [], posts: [], testimonials: [] });

    write('content.json', fixtureContent());
    const imported = await shop('content', 'import', 'content.json');
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toContain('7 pages, 4 blocks, 5 hierarchy nodes, 3 magazine categories, 3 tags, 6 posts, 6 testimonials; all earlier content replaced');
    // This data folder has no catalogue: its skus and landing categories are warnings, and the content is loaded.
    expect(imported.stdout).toContain('warning: posts[0].related_skus[0]: the catalogue holds no product with sku "W-2"');

    expect((await shop('content', 'export', 'out/first.json')).stdout).toContain('Exported 7 pages, 4 blocks, 6 posts and 6 testimonials');
    expect((await shop('content', 'import', 'out/first.json')).code).toBe(0);
    expect((await shop('content', 'export', 'out/second.json')).code).toBe(0);
    expect(read('out/second.json')).toBe(read('out/first.json'));
    expect(read('out/first.json')).not.toMatch(/<script|onerror|javascript:/i);
  });

  it('loads nothing from a file with problems and lists every one with its place', { timeout: 90_000 }, async () => {
    const before = (await shop('content', 'export')).stdout;
    const bad = fixtureContent() as unknown as Record<string, Array<Record<string, unknown>>>;
    bad.posts![3]!.categories = ['gossip'];
    bad.posts![1]!.title = '';
    bad.hierarchy![2]!.parent = 'nowhere';
    write('bad.json', bad);
    const run = await shop('content', 'import', 'bad.json');
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([
      'hierarchy[2].parent: no hierarchy node "nowhere" in store en',
      'posts[1].title: Field is required',
      'posts[3].categories[0]: no category "gossip" in store en',
      'bad.json: 3 problems. Nothing was imported.',
    ]);
    expect((await shop('content', 'export')).stdout).toBe(before);

    write('broken.json', '{"version": 1,\n "pages": [}');
    const broken = await shop('content', 'import', 'broken.json');
    expect([broken.code, broken.stderr]).toEqual([1, expect.stringMatching(/^broken\.json is not valid JSON: .*Nothing was imported\.\n$/)]);
    expect((await shop('content', 'import')).code).toBe(2);
    expect((await shop('content', 'publish', 'x.json')).code).toBe(2);
  });
});
