import type { StoreCode } from '@shop/shared';
import { DEFAULT_STORE, isStoreCode, STORE_VIEWS } from '@shop/shared/stores/stores';
import { Outlet, useMatches, useParams } from '@tanstack/react-router';
import { Suspense, useEffect } from 'react';
import { storedLanguage, switchLanguage } from '../app/i18n.ts';
import { StoreProvider } from '../app/store-context.tsx';
import { NotFoundPage } from '../features/layout/lazy-not-found-page.tsx';
import { SiteLayout } from '../features/layout/site-layout.tsx';
import { lazyPart } from '../app/lazy-part.ts';

// Checkout, the order-status pages and the error page have it: its code loads when one of them is shown.
const MinimalLayout = lazyPart('src/features/layout/minimal-layout.tsx#MinimalLayout', () => import('../features/layout/minimal-layout.tsx').then((module) => ({ default: module.MinimalLayout })));

/** Until the shopper picks a language, the interface speaks the store's language. */
function useLanguageFollowsStore(store: StoreCode): void {
  useEffect(() => {
    if (storedLanguage() === null) void switchLanguage(STORE_VIEWS[store].i18n.language, false);
  }, [store]);
}

function Shell({ store, minimal = false, withShop = false, children }: { store: StoreCode; minimal?: boolean; withShop?: boolean; children: React.ReactNode }) {
  useLanguageFollowsStore(store);
  return (
    <StoreProvider store={store}>
      {minimal ? (
        <Suspense fallback={null}>
          <MinimalLayout withShop={withShop}>{children}</MinimalLayout>
        </Suspense>
      ) : (
        <SiteLayout>{children}</SiteLayout>
      )}
    </StoreProvider>
  );
}

/** The store's pages, in the layout their route names (spec 2 §2: chosen by route metadata). */
export function StoreLayoutRoute() {
  const { store } = useParams({ from: '/$store' });
  const layout = useMatches({ select: (matches) => matches.at(-1)?.staticData.layout });
  return (
    <Shell store={isStoreCode(store) ? store : DEFAULT_STORE} minimal={layout === 'minimal' || layout === 'minimal-shop'} withShop={layout === 'minimal-shop'}>
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
