import { lazy, Suspense } from 'react';

// A missing page is rare: its code loads when one is shown, not with every first paint.
const Page = lazy(() => import('./not-found-page.tsx').then((module) => ({ default: module.NotFoundPage })));

export function NotFoundPage() {
  return (
    <Suspense fallback={null}>
      <Page />
    </Suspense>
  );
}
