/**
 * The offline shell's one entry from the first page load (main.tsx and the catalogue route import it lazily), so
 * none of it weighs on the home page's first load: the worker's registration and the offline page fallback.
 */
export { registerShopWorker } from './register-worker.ts';
export { homeWhenNotCached } from './offline-fallback.ts';
