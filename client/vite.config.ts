import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// API_TARGET lets a developer point the dev server at another server instance (default: the one of the README).
const target = process.env.API_TARGET ?? 'http://127.0.0.1:3000';
const proxy = Object.fromEntries(['/api', '/media', '/health', '/documentation'].map((path) => [path, { target, changeOrigin: false }]));

/**
 * Everything the home page needs on its first paint goes into one "shell" chunk: one file compresses better than
 * the handful of small shared chunks the default split makes, which keeps the home page under its 121 kB budget (decision 017).
 * Category and product pages, the search panel, the phone menu, zod and each language's texts stay separate.
 */
const SHELL =
  /node_modules\/(\.pnpm\/)?(react|react-dom|scheduler|@tanstack|i18next|use-sync-external-store)[@/+]|client\/src\/(main|app\/(?!database|network-faults)|ui\/(?!drawer|use-media-query|notifications|confirm-dialog|quantity-stepper)|routes\/(store|catalogue|home)\.route|features\/(home\/|search\/search-box|catalogue\/(catalogue-api|use-categories|product-card|product-image|price-tag)|layout\/(?!mobile-menu|layout-extras|store-switcher|language-switcher|not-found-page|minimal-layout|error-page)))/;

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
  // Every chunk and style of the build and index.html; the plugin adds the web manifest and its icons.
  injectManifest: { globPatterns: ['**/*.{js,css,html}'] },
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
  plugins: [react(), offlineShell],
  build: {
    target: 'es2022',
    manifest: true,
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'shell', test: SHELL }] } } },
  },
  server: { proxy },
  preview: { proxy },
});
