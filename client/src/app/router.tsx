/**
 * The route tree (code-based). Store prefixes come first; everything under a store that is not its home is
 * dispatched through the URL map (spec 2 §2), so categories and products share one catch-all route.
 */
import { storelessPageStore, type StorePagePath } from '@shop/shared/stores/store-pages';
import { isStoreCode } from '@shop/shared/stores/stores';
import { createRootRoute, createRoute, createRouter, notFound, Outlet, redirect, type RouterHistory } from '@tanstack/react-router';
import type { AppPageName } from '../routes/app-door.tsx';
import { CatalogueRoute, CatalogueRouteError, CataloguePending, loadCatalogueRoute } from '../routes/catalogue.route.tsx';
import { HomeRoute } from '../routes/home.route.tsx';
import { RootNotFound, StoreLayoutRoute, StoreNotFound } from '../routes/store.route.tsx';
import { parseRouteQuery, stringifyRouteQuery, validateRouteQuery } from './route-query.ts';
import { startStore } from './store-choice.ts';
import { lazyPart } from './lazy-part.ts';

const rootRoute = createRootRoute({
  component: Outlet,
  notFoundComponent: RootNotFound,
});

// A visit that names no store opens the one the shopper chose in the languages modal, else the default.
const toDefaultStore = () => {
  throw redirect({ to: '/$store', params: { store: startStore() }, replace: true });
};

const indexRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', beforeLoad: toDefaultStore });
const pwaRoute = createRoute({ getParentRoute: () => rootRoute, path: '/pwa.html', beforeLoad: toDefaultStore });

export const storeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '$store',
  beforeLoad: ({ params, location }) => {
    if (isStoreCode(params.store)) return;
    // A page opened without a store (`/checkout`, a provider's return to `/orderstatus?transactionid=`, an old
    // bookmark) is the chosen (else default) store's page, query kept; a page whose address is in one store's
    // language (`/ruil-uw-horloge-in-bij-ace`) is that store's.
    const store = storelessPageStore(params.store, startStore());
    if (store) throw redirect({ href: `/${store}${location.href}`, replace: true });
    throw notFound();
  },
  component: StoreLayoutRoute,
  notFoundComponent: StoreNotFound,
});

// The home page is where most visits start, so it ships with the shell; every other page is its own chunk.
const homeRoute = createRoute({ getParentRoute: () => storeRoute, path: '/', component: HomeRoute });

export const catalogueRoute = createRoute({
  getParentRoute: () => storeRoute,
  path: '$',
  validateSearch: validateRouteQuery,
  loader: ({ params, preload }) => loadCatalogueRoute(params.store, params._splat ?? '', preload),
  staleTime: 60_000,
  component: CatalogueRoute,
  pendingComponent: CataloguePending,
  errorComponent: CatalogueRouteError,
});

// The pages outside the catalogue (spec 2 §2) all enter through one small lazy door (routes/app-door.tsx). Their
// paths are the shared list the server answers 200 for (STORE_PAGES; router.test.tsx keeps the two equal). A page
// names its layout in its route's static data (spec 2 §2: default, empty or minimal; store.route.tsx).
const AppDoor = lazyPart('src/routes/app-door.tsx', () => import('../routes/app-door.tsx'));
const appPage = <Path extends StorePagePath>(path: Path, page: AppPageName, layout: PageLayout = 'default') =>
  createRoute({ getParentRoute: () => storeRoute, path, staticData: { layout }, component: () => <AppDoor page={page} /> });
const appPages = [
  appPage('compare', 'compare'),
  appPage('my-account/$', 'account'),
  appPage('create-password', 'account'),
  appPage('customer/account/forgotpassword', 'account'),
  // Checkout and the order-status pages in the minimal layout (spec 2 §2, issue 18): no menu, no distractions; the
  // shop's background work (offline orders, queued tasks) and the connection badge stay ('minimal-shop').
  appPage('checkout', 'checkout', 'minimal-shop'),
  // Registered in both modes (a code-based route table is fixed); the page shows itself only with the external checkout.
  appPage('order-success/$', 'orderSuccess'),
  appPage('order-status/$order_token', 'orderStatus', 'minimal-shop'),
  appPage('orderstatus', 'orderStatus', 'minimal-shop'),
  // Where the shop sends a shopper after an error it cannot recover from (spec 2 §2, §8 'Internal Server Error 500').
  appPage('error', 'error', 'minimal'),
  // The shop's forms (issue 17): one lazy door picks the page from the address (features/forms/forms-route.tsx).
  appPage('contacts', 'forms'),
  appPage('ruil-uw-horloge-in-bij-ace', 'forms'),
  appPage('ruil-uw-horloge-in', 'forms'),
  appPage('trade-in-or-sell-your-watch', 'forms'),
  appPage('trade-in-your-watch', 'forms'),
  appPage('afspraak-maken', 'forms'),
  appPage('make-an-appointment', 'forms'),
  appPage('store-locator', 'forms'),
  appPage('invoices', 'forms'),
  appPage('forms/$slug', 'forms'),
  // Content (issue 18): a CMS page, the testimonials, and the magazine (one door reads the rest of the address).
  appPage('i/$slug', 'content'),
  appPage('testimonial', 'content'),
  appPage('magazine/$', 'magazine'),
  // The search results page (issue 19): its query, filters and sort in the address, as a category page's.
  createRoute({ getParentRoute: () => storeRoute, path: 'search', validateSearch: validateRouteQuery, staticData: { layout: 'default' }, component: () => <AppDoor page="search" /> }),
];

// The developers' visualizer (issue 15): its own plain page outside the store layout, through the same lazy door (the
// first load names no devtools chunk).
const devtoolsRoute = createRoute({ getParentRoute: () => rootRoute, path: '/__devtools', component: () => <AppDoor page="devtools" /> });

const routeTree = rootRoute.addChildren([indexRoute, pwaRoute, devtoolsRoute, storeRoute.addChildren([homeRoute, ...appPages, catalogueRoute])]);

/** `history` is for tests (a memory history); the browser uses its own. */
export function createShopRouter(options: { history?: RouterHistory } = {}) {
  return createRouter({
    routeTree,
    ...options,
    parseSearch: parseRouteQuery,
    stringifySearch: stringifyRouteQuery,
    // In the browser only: on the server it would write an inline script, which the Content-Security-Policy refuses.
    scrollRestoration: typeof window !== 'undefined',
    defaultPendingMs: 150,
    defaultPendingMinMs: 300,
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 60_000,
  });
}

/** 'minimal-shop': the minimal layout with the connection badge and the shop's background work (checkout, order status). */
export type PageLayout = 'default' | 'minimal' | 'minimal-shop';

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createShopRouter>;
  }
  interface StaticDataRouteOption {
    /** The page's layout (spec 2 §2); without one, the default layout. */
    layout?: PageLayout;
  }
}
