import { Suspense } from 'react';
import { lazyPart } from '../../app/lazy-part.ts';

// A missing page is rare: its code loads when one is shown, not with every first paint.
const Page = lazyPart('src/features/layout/not-found-page.tsx#NotFoundPage', () => import('./not-found-page.tsx').then((module) => ({ default: module.NotFoundPage })));

export function NotFoundPage() {
  return (
    <Suspense fallback={null}>
      <Page />
    </Suspense>
  );
}
