import { isStoreCode } from '@shop/shared/stores/stores';
import { createRoot, hydrateRoot } from 'react-dom/client';
import i18next from 'i18next';
import { initI18n, languageFor } from './app/i18n.ts';
import { seedCache } from './app/resource.ts';
import { loadRenderedParts } from './app/lazy-part.ts';
import { createShopRouter } from './app/router.tsx';
import { ShopApp } from './app/shop-app.tsx';
import { rememberedLocation, rememberLocation, renderForLocation } from './features/location/shopper-country.ts';
import type { RenderedState } from './entry-server.tsx';
import { startStore } from './app/store-choice.ts';
import { afterNextPaint, watchForShopper } from './app/after-interactive.ts';
import './app/fonts.css';
import './app/global.css';

// Work the page does not need to be shown and used waits for the shopper's first input (app/after-interactive.ts).
watchForShopper();

// The first paint needs the texts of one language only: the stored choice, else the store's language (a visit
// without a store in its address opens the chosen store).
const firstSegment = window.location.pathname.split('/')[1];
const language = languageFor(isStoreCode(firstSegment) ? firstSegment : startStore());
await initI18n(language);

const router = createShopRouter();
const root = document.getElementById('root');
if (!root) throw new Error('Missing #root');
const app = <ShopApp router={router} />;
// A page the server rendered (decision 048) is hydrated with the answers and texts it was rendered with, so the
// first render matches it; in another interface language than the shopper's, or from the offline shell, the app
// renders it anew.
const rendered = serverRendered();
if (rendered && rendered.language === language && root.firstElementChild) {
  seedCache(rendered.cache);
  // The market the page was priced for; a first visit keeps its location as if it had asked (it is the same answer).
  renderForLocation(rendered.location);
  if (rendered.location && !rememberedLocation()) rememberLocation(rendered.location);
  for (const [namespace, texts] of Object.entries(rendered.texts)) i18next.addResourceBundle(language, namespace, texts, true, true);
  // The router lays its matches out as it did on the server (no Suspense of its own around the root's), and loads
  // them first, from the seeded answers, as the server did. Not awaited here: the pages' chunks import this module's
  // chunk, whose evaluation would wait for this very load.
  // The page's lazy parts load first too, so the whole page hydrates in one go: a part still loading would keep its
  // server markup inert, and a click on it would be lost (app/lazy-part.ts).
  router.ssr = { manifest: undefined };
  // And the browser draws the server's markup first (app/after-interactive.ts).
  void Promise.all([router.load(), loadRenderedParts(rendered.parts ?? []), afterNextPaint()]).then(() => hydrateRoot(root, app));
} else {
  createRoot(root).render(app);
}

function serverRendered(): RenderedState | null {
  const script = document.getElementById('shop-ssr');
  if (!script?.textContent) return null;
  try {
    return JSON.parse(script.textContent) as RenderedState;
  } catch {
    return null;
  }
}

// The offline shell (service worker); never in dev, where it would serve stale modules.
if (import.meta.env.PROD) void import('./features/offline/offline-shell.ts').then((offline) => offline.registerShopWorker(router));

