import type { StoreCode } from '@shop/shared';
import { DEFAULT_STORE, isStoreCode, STORE_VIEWS } from '@shop/shared/stores/stores';
import { Outlet, useParams } from '@tanstack/react-router';
import { useEffect } from 'react';
import { storedLanguage, switchLanguage } from '../app/i18n.ts';
import { StoreProvider } from '../app/store-context.tsx';
import { NotFoundPage } from '../features/layout/lazy-not-found-page.tsx';
import { SiteLayout } from '../features/layout/site-layout.tsx';

/** Until the shopper picks a language, the interface speaks the store's language. */
function useLanguageFollowsStore(store: StoreCode): void {
  useEffect(() => {
    if (storedLanguage() === null) void switchLanguage(STORE_VIEWS[store].i18n.language, false);
  }, [store]);
}

function Shell({ store, children }: { store: StoreCode; children: React.ReactNode }) {
  useLanguageFollowsStore(store);
  return (
    <StoreProvider store={store}>
      <SiteLayout>{children}</SiteLayout>
    </StoreProvider>
  );
}

export function StoreLayoutRoute() {
  const { store } = useParams({ from: '/$store' });
  return (
    <Shell store={isStoreCode(store) ? store : DEFAULT_STORE}>
      <Outlet />
    </Shell>
  );
}

export function StoreNotFound() {
  const params = useParams({ strict: false });
  return (
    <Shell store={isStoreCode(params.store) ? params.store : DEFAULT_STORE}>
      <NotFoundPage />
    </Shell>
  );
}

export function RootNotFound() {
  return (
    <Shell store={DEFAULT_STORE}>
      <NotFoundPage />
    </Shell>
  );
}
