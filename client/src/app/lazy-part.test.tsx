import fs from 'node:fs';
import path from 'node:path';
import { Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { lazyPart, loadRenderedParts } from './lazy-part.ts';

const CLIENT = path.resolve(import.meta.dirname, '../..');

function sources(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe('lazy parts', () => {
  it("are named by the module they import (the build's manifest key), with the export they show, each name once", () => {
    const names: string[] = [];
    const call = /lazyPart\(\s*'([^']+)',\s*\(\)\s*=>\s*import\('([^']+)'\)(\.then\(\(module\) => \(\{ default: module\.(\w+) \}\)\))?/g;
    for (const file of sources(path.join(CLIENT, 'src'))) {
      const text = fs.readFileSync(file, 'utf8');
      const calls = [...text.matchAll(call)];
      // Every call is of the checked form (none escapes this test by its layout).
      expect(calls.length, file).toBe((text.match(/[=:] lazyPart\(/g) ?? []).length);
      for (const [, name, imported, , exported] of calls) {
        const module = path.relative(CLIENT, path.resolve(path.dirname(file), imported!));
        expect(name, file).toBe(exported ? `${module}#${exported}` : module);
        names.push(name!);
      }
    }
    expect(names.length).toBeGreaterThan(20);
    expect(new Set(names).size).toBe(names.length);
  });

  it('render at once, without suspending, once their chunk is loaded; parts within parts load too', async () => {
    let inner: ReturnType<typeof lazyPart> | null = null;
    const Outer = lazyPart('test/outer.tsx', async () => {
      // The outer part's module names its own part when it runs, as layout-extras.tsx does.
      inner = lazyPart('test/inner.tsx', async () => ({ default: () => <b>inner</b> }));
      const Inner = inner;
      return { default: ({ label }: { label: string }) => <p>{label} <Inner /></p> };
    });
    const page = () => renderToString(<Suspense fallback={<i>loading</i>}><Outer label="outer" /></Suspense>);
    // Not loaded: the part suspends (the server's markup would stay inert until its chunk came).
    expect(page()).toContain('<i>loading</i>');
    await loadRenderedParts(['test/outer.tsx', 'test/inner.tsx', 'test/never-registered.tsx']);
    expect(inner).not.toBeNull();
    expect(page()).toBe('<!--$--><p>outer<!-- --> <b>inner</b></p><!--/$-->');
  });

  it('a chunk that fails to load is tried again when the part renders', async () => {
    let tries = 0;
    const Flaky = lazyPart('test/flaky.tsx', async () => {
      tries += 1;
      if (tries === 1) throw new Error('offline');
      return { default: () => <span>back</span> };
    });
    await loadRenderedParts(['test/flaky.tsx']);
    expect(tries).toBe(1);
    await Flaky.preload();
    expect(tries).toBe(2);
    expect(renderToString(<Suspense fallback={<i>loading</i>}><Flaky /></Suspense>)).toBe('<!--$--><span>back</span><!--/$-->');
  });
});
