import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// API_TARGET lets a developer point the dev server at another server instance (default: the one of the README).
const target = process.env.API_TARGET ?? 'http://127.0.0.1:3000';
const proxy = Object.fromEntries(['/api', '/media', '/health', '/documentation'].map((path) => [path, { target, changeOrigin: false }]));

/**
 * Everything the home page needs on its first paint goes into one "shell" chunk: one file compresses better than
 * the handful of small shared chunks the default split makes, which keeps the home page under its 120 kB budget.
 * Category and product pages, the search panel, the phone menu, zod and each language's texts stay separate.
 */
const SHELL =
  /node_modules\/(\.pnpm\/)?(react|react-dom|scheduler|@tanstack|i18next|use-sync-external-store)[@/+]|client\/src\/(main|app\/|ui\/(?!drawer|use-media-query)|routes\/(store|catalogue|home)\.route|features\/(cart\/|home\/|search\/search-box|catalogue\/(catalogue-api|use-categories|product-card|product-image|price-tag)|layout\/(?!mobile-menu)))/;

export default defineConfig({
  plugins: [react()],
  build: {
    target: 'es2022',
    manifest: true,
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'shell', test: SHELL }] } } },
  },
  server: { proxy },
  preview: { proxy },
});
