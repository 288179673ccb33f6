import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, useEffect } from 'react';
import type { createShopRouter } from './router.tsx';

/**
 * The app as both the browser (main.tsx) and the server (entry-server.tsx) render it: one tree, so the ids React
 * makes (`useId`) and every element match when the browser hydrates a server-rendered page.
 */
export function ShopApp({ router }: { router: ReturnType<typeof createShopRouter> }) {
  return (
    <StrictMode>
      <RouterProvider router={router} />
      <AppStarted />
    </StrictMode>
  );
}

/** Marks the document once the app runs (a server-rendered page: once it is hydrated): `<html data-app="started">`. */
function AppStarted() {
  useEffect(() => {
    document.documentElement.dataset.app = 'started';
  }, []);
  return null;
}
