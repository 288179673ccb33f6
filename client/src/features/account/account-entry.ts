/**
 * The router's door to the account pages: a tiny chunk, so the first load names one file for them rather than every
 * file the pages need (account-routes.tsx loads those).
 */
import { createElement, lazy, Suspense } from 'react';

const Pages = lazy(() => import('./account-routes.tsx').then((module) => ({ default: module.AccountRoutes })));

export function AccountRoutes() {
  return createElement(Suspense, { fallback: createElement('div', { className: 'container', 'aria-busy': true }) }, createElement(Pages));
}
