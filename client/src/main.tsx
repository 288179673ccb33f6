import { isStoreCode } from '@shop/shared/stores/stores';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n, languageFor } from './app/i18n.ts';
import { createShopRouter } from './app/router.tsx';
import { startStore } from './app/store-choice.ts';
import './app/fonts.css';
import './app/global.css';

// The first paint needs the texts of one language only: the stored choice, else the store's language (a visit
// without a store in its address opens the chosen store).
const firstSegment = window.location.pathname.split('/')[1];
await initI18n(languageFor(isStoreCode(firstSegment) ? firstSegment : startStore()));

const router = createShopRouter();
const root = document.getElementById('root');
if (!root) throw new Error('Missing #root');
createRoot(root).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);

// The offline shell (service worker); never in dev, where it would serve stale modules.
if (import.meta.env.PROD) void import('./features/offline/offline-shell.ts').then((offline) => offline.registerShopWorker(router));

