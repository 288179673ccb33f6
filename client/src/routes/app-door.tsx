/**
 * The one door to every page outside the catalogue (spec 2 §2): Compare Products, the account pages, checkout, the
 * external checkout's thank-you page, the order-status pages, the error page, the shop's forms and the developers' visualizer. The route table (in the first load) names this
 * small file once; each page's own door and chunks load from here.
 */
import { lazy, Suspense } from 'react';
import { CheckoutSkeleton } from '../features/checkout/checkout-skeleton.tsx';

const pages = {
  compare: lazy(() => import('../features/compare/compare-route.tsx').then((module) => ({ default: module.CompareRoute }))),
  account: lazy(() => import('../features/account/account-entry.ts').then((module) => ({ default: module.AccountRoutes }))),
  checkout: lazy(() => import('../features/checkout/checkout-route.tsx').then((module) => ({ default: module.CheckoutRoute }))),
  orderSuccess: lazy(() => import('../features/orders/order-success-route.tsx').then((module) => ({ default: module.OrderSuccessRoute }))),
  orderStatus: lazy(() => import('../features/order-status/order-status-route.tsx')),
  error: lazy(() => import('../features/layout/error-page.tsx')),
  // Contact, trade-in, appointment, store locator, invoice request and the shop's own forms (issue 17).
  forms: lazy(() => import('../features/forms/forms-route.tsx')),
  // CMS pages and the testimonials; the magazine (issue 18).
  content: lazy(() => import('../features/content/content-route.tsx')),
  magazine: lazy(() => import('../features/magazine/magazine-route.tsx')),
  // The search results page (issue 19).
  search: lazy(() => import('../features/search/search-page.tsx')),
  // The developers' visualizer (`/__devtools`, outside the store layout; issue 15).
  devtools: lazy(() => import('../features/devtools/devtools-page.tsx')),
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
