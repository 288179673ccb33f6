import { describe, expect, it } from 'vitest';
import { partAssets } from './page-assets.ts';

// A build's manifest as Vite writes it: entries by source path, shared chunks by `_name`, styles on the chunk that
// imports them.
const MANIFEST = {
  'index.html': { file: 'assets/index-1.js', imports: ['_shell-1.js'] },
  '_shell-1.js': { file: 'assets/shell-1.js', css: ['assets/shell-1.css'] },
  'src/features/layout/layout-extras.tsx': { file: 'assets/layout-extras-1.js', imports: ['_shell-1.js', '_links-1.js'], css: ['assets/layout-extras-1.css'] },
  '_links-1.js': { file: 'assets/links-1.js', imports: ['_texts-1.js'], css: ['assets/links-1.css'] },
  '_texts-1.js': { file: 'assets/texts-1.js', imports: ['_links-1.js'] },
  'src/features/magazine/magazine-route.tsx': { file: 'assets/magazine-route-1.js', imports: ['_shell-1.js', '_texts-1.js', '_links-1.js'], css: ['assets/magazine-1.css'] },
};
const SHELL = '<head><script type="module" crossorigin src="/assets/index-1.js"></script><link rel="modulepreload" crossorigin href="/assets/shell-1.js"><link rel="stylesheet" crossorigin href="/assets/shell-1.css"></head>';

describe("the head tags of a server-rendered page's lazy parts", () => {
  const assets = partAssets(MANIFEST, SHELL);

  it("links each part's styles, its imports' first, and preloads its chunks, once each and none the shell has", () => {
    const tags = assets(['src/features/layout/layout-extras.tsx#HeaderExtras', 'src/features/layout/layout-extras.tsx#SiteFooter', 'src/features/magazine/magazine-route.tsx']);
    expect(tags.match(/<link[^>]*>/g)).toEqual([
      '<link rel="stylesheet" crossorigin href="/assets/links-1.css">',
      '<link rel="stylesheet" crossorigin href="/assets/layout-extras-1.css">',
      '<link rel="stylesheet" crossorigin href="/assets/magazine-1.css">',
      '<link rel="modulepreload" crossorigin href="/assets/texts-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/links-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/layout-extras-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/magazine-route-1.js">',
    ]);
  });

  it('links nothing for no parts or a part the build does not know', () => {
    expect(assets([])).toBe('');
    expect(assets(['src/gone.tsx', '../../etc/passwd'])).toBe('');
  });
});
