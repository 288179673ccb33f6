/**
 * The styles and chunks of a server-rendered page's lazy parts (decision 048). The browser's build loads a part's
 * styles with its chunk, after the main script has run; a page rendered on the server shows those parts at once, so
 * without their styles in the head it would be drawn unstyled and jump when they arrive. The build's manifest
 * (`client/dist/.vite/manifest.json`) names each part's chunk, the chunks it imports and their styles; a part is
 * named by its module's path (client/src/app/lazy-part.ts).
 */
import fs from 'node:fs';
import path from 'node:path';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

type Manifest = Record<string, ManifestChunk>;

/** The head tags of the parts a page rendered: their styles, and preloads of their chunks. */
export type PartAssets = (parts: readonly string[]) => string;

/** Reads the build's manifest beside `clientDist`'s index.html; null without one (the page then links nothing more). */
export function readPartAssets(clientDist: string, shell: string): PartAssets | null {
  const file = path.join(clientDist, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) return null;
  return partAssets(JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest, shell);
}

/** `manifest`'s assets of a page's parts, but those `shell` (the served index.html) links already. */
export function partAssets(manifest: Manifest, shell: string): PartAssets {
  const inShell = (file: string) => shell.includes(`"/${file}"`);
  return (parts) => {
    const styles: string[] = [];
    const scripts: string[] = [];
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key)) return;
      seen.add(key);
      const chunk = manifest[key];
      if (!chunk) return;
      // A chunk's imports first: their styles come before its own, as when the browser loads it.
      for (const imported of chunk.imports ?? []) visit(imported);
      for (const style of chunk.css ?? []) if (!inShell(style) && !styles.includes(style)) styles.push(style);
      if (!inShell(chunk.file)) scripts.push(chunk.file);
    };
    for (const part of parts) visit(part.split('#')[0] ?? part);
    return [
      ...styles.map((style) => `<link rel="stylesheet" crossorigin href="/${style}">`),
      ...scripts.map((script) => `<link rel="modulepreload" crossorigin href="/${script}">`),
    ].join('');
  };
}
