/**
 * The one door to every page outside the catalogue (spec 2 §2): Compare Products, the account pages, checkout, the
 * external checkout's thank-you page, the order-status pages, the error page, the shop's forms and the developers' visualizer. The route table (in the first load) names this
 * small file once; each page's own door and chunks load from here.
 */
import { Suspense } from 'react';
import { lazyPart } from '../app/lazy-part.ts';
import { CheckoutSkeleton } from '../features/checkout/checkout-skeleton.tsx';

const pages = {
  compare: lazyPart('src/features/compare/compare-route.tsx#CompareRoute', () => import('../features/compare/compare-route.tsx').then((module) => ({ default: module.CompareRoute }))),
  account: lazyPart('src/features/account/account-entry.ts#AccountRoutes', () => import('../features/account/account-entry.ts').then((module) => ({ default: module.AccountRoutes }))),
  checkout: lazyPart('src/features/checkout/checkout-route.tsx#CheckoutRoute', () => import('../features/checkout/checkout-route.tsx').then((module) => ({ default: module.CheckoutRoute }))),
  orderSuccess: lazyPart('src/features/orders/order-success-route.tsx#OrderSuccessRoute', () => import('../features/orders/order-success-route.tsx').then((module) => ({ default: module.OrderSuccessRoute }))),
  orderStatus: lazyPart('src/features/order-status/order-status-route.tsx', () => import('../features/order-status/order-status-route.tsx')),
  error: lazyPart('src/features/layout/error-page.tsx', () => import('../features/layout/error-page.tsx')),
  // Contact, trade-in, appointment, store locator, invoice request and the shop's own forms (issue 17).
  forms: lazyPart('src/features/forms/forms-route.tsx', () => import('../features/forms/forms-route.tsx')),
  // CMS pages and the testimonials; the magazine (issue 18).
  content: lazyPart('src/features/content/content-route.tsx', () => import('../features/content/content-route.tsx')),
  magazine: lazyPart('src/features/magazine/magazine-route.tsx', () => import('../features/magazine/magazine-route.tsx')),
  // The search results page (issue 19).
  search: lazyPart('src/features/search/search-page.tsx', () => import('../features/search/search-page.tsx')),
  // The developers' visualizer (`/__devtools`, outside the store layout; issue 15).
  devtools: lazyPart('src/features/devtools/devtools-page.tsx', () => import('../features/devtools/devtools-page.tsx')),
};

export type AppPageName = keyof typeof pages;

export default function AppDoor({ page }: { page: AppPageName }) {
  const Page = pages[page];
  // Checkout shows its shape while its code loads (a slow network), inside the header already drawn.
  if (page === 'checkout') {
    return (
      <Suspense fallback={<CheckoutSkeleton />}>
        <Page />
      </Suspense>
    );
  }
  return <Page />;
}
