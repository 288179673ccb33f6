import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// API_TARGET lets a developer point the dev server at another server instance (default: the one of the README).
const target = process.env.API_TARGET ?? 'http://127.0.0.1:3000';
const proxy = Object.fromEntries(['/api', '/media', '/health', '/documentation'].map((path) => [path, { target, changeOrigin: false }]));

/**
 * Everything the home page needs on its first paint goes into one "shell" chunk: one file compresses better than
 * the handful of small shared chunks the default split makes, which keeps the home page under its 121 kB budget (decision 017).
 * Category and product pages, the search panel, the phone menu, zod and each language's texts stay separate, and so
 * does the page head (ui/page-head.ts: canonical, hreflang, JSON-LD), which only lazy pages write.
 */
const SHELL =
  /node_modules\/(\.pnpm\/)?(react|react-dom|scheduler|@tanstack|i18next|use-sync-external-store)[@/+]|client\/src\/(main|app\/(?!database|network-faults|shop-stream)|ui\/(?!drawer|use-media-query|notifications|confirm-dialog|quantity-stepper|page-head)|routes\/(store|catalogue|home)\.route|features\/(home\/|search\/search-box|catalogue\/(catalogue-api|use-categories|product-card|product-image|price-tag)|layout\/(?!mobile-menu|layout-extras|store-switcher|language-switcher|not-found-page|minimal-layout|error-page)))/;

/**
 * Every style of the shop in one file, linked by index.html: a page rendered on the server draws at once, and one
 * render-blocking request costs a phone less than the dozen small files a product page's parts would link (issue 20,
 * decision 048). It also keeps the cascade the same whichever pages a shopper opened first: a part's styles no longer
 * arrive at a different place in it on each visit. The visualizer's styles stay apart (below).
 */
const STYLES = /^(?!.*(?:devtools|elkjs)).*\.css$/;

/**
 * The developers' visualizer's own files (issue 15): its page and panels, the agent, the statechart layout (elkjs's
 * worker script), the fault switches, their texts and styles. Every chunk holding one of these modules and every asset
 * from them goes to `assets/devtools/`: the service worker does not precache that folder (a shopper's worker never
 * downloads the visualizer) and caches its files when they are first fetched; a dynamic import of one preloads no
 * dependencies (main.tsx and the pages' door name one file each). The inspection layer and the registry are the shop's
 * own (every machine is built with them); devtools-enabled.ts is in the shell.
 */
const DEVTOOLS_ONLY =
  /client\/src\/(features\/devtools\/(?!inspection|devtools-registry|devtools-enabled)|app\/network-faults|locales\/[^/]+\/devtools)|node_modules\/(\.pnpm\/[^/]+\/node_modules\/)?elkjs\//;
const DEVTOOLS_DIR = 'assets/devtools/';

/** A shopper's page never loads a devtools file (a static import of one would be a page that breaks offline). */
const devtoolsApart: Plugin = {
  name: 'shop:devtools-apart',
  apply: 'build',
  generateBundle(_options, bundle) {
    for (const chunk of Object.values(bundle)) {
      if (chunk.type !== 'chunk' || chunk.fileName.startsWith(DEVTOOLS_DIR)) continue;
      const devtools = chunk.imports.filter((file) => file.startsWith(DEVTOOLS_DIR));
      if (devtools.length > 0) this.error(`${chunk.fileName} imports the visualizer's ${devtools.join(', ')}: import it dynamically, or keep the module out of DEVTOOLS_ONLY`);
    }
  },
};

/**
 * The offline shell (ARCHITECTURE.md §4): our own worker source (injectManifest), because it caches URL-map POSTs
 * under a key made from their body and answers an offline miss in the API's envelope, which generated workers
 * cannot do. The build precaches every file of one version; the worker is never built or registered in dev.
 */
const offlineShell = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src/features/offline',
  filename: 'service-worker.ts',
  injectRegister: false,
  devOptions: { enabled: false },
  // Every chunk and style of the build and index.html but the visualizer's; the plugin adds the web manifest and its icons.
  injectManifest: { globPatterns: ['**/*.{js,css,html}'], globIgnores: [`${DEVTOOLS_DIR}**`] },
  manifest: {
    name: 'Horloge & Diamant',
    short_name: 'Horloge & Diamant',
    description: 'New, pre-owned and vintage watches, diamonds, gem stones and jewellery.',
    lang: 'nl',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#fbf9f5',
    background_color: '#fbf9f5',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
});

export default defineConfig({
  plugins: [react(), offlineShell, devtoolsApart],
  build: {
    target: 'es2022',
    manifest: true,
    modulePreload: { resolveDependencies: (file, deps) => (file.startsWith(DEVTOOLS_DIR) ? [] : deps) },
    rolldownOptions: {
      output: {
        codeSplitting: { groups: [{ name: 'styles', test: STYLES, priority: 1 }, { name: 'shell', test: SHELL }] },
        chunkFileNames: (chunk) => `${chunk.moduleIds.some((id) => DEVTOOLS_ONLY.test(id)) ? DEVTOOLS_DIR : 'assets/'}[name]-[hash].js`,
        assetFileNames: (asset) =>
          `${[...asset.originalFileNames, ...asset.names].some((name) => /elkjs|devtools/.test(name)) ? DEVTOOLS_DIR : 'assets/'}[name]-[hash][extname]`,
      },
    },
  },
  server: { proxy },
  preview: { proxy },
});
