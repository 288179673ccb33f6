/**
 * The /compare route's component: a one-line door to the page, so that the route table (in the first load) names
 * one small file instead of every chunk the page needs (the local database among them).
 */
import { lazy, Suspense } from 'react';

const ComparePage = lazy(() => import('./compare-page.tsx').then((module) => ({ default: module.ComparePage })));

export function CompareRoute() {
  return (
    <Suspense fallback={<div className="container" aria-busy="true" />}>
      <ComparePage />
    </Suspense>
  );
}
