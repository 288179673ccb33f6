/**
 * The door to the content pages (issue 18): `/{store}/i/{slug}` (a CMS page, spec 2 §2) and `/{store}/testimonial`.
 * The page's own match names which (not the address: while the shopper leaves, the address changes first). The
 * content and catalogue texts (breadcrumbs) load with it.
 */
import { useMatch, useParams } from '@tanstack/react-router';
import { CmsPageRoute, CmsPageSkeleton } from './cms-page.tsx';
import { useContentTexts } from './content-texts.ts';
import { TestimonialsPage } from './testimonials-page.tsx';
import { useNamespace } from '../../app/use-namespace.ts';

export default function ContentRoute() {
  const path = useMatch({ strict: false }).fullPath.replace(/^\/\$store\//, '');
  const { slug = '' } = useParams({ strict: false }) as { slug?: string };
  const contentReady = useContentTexts();
  const catalogueReady = useNamespace('catalogue');
  if (!contentReady || !catalogueReady) return <CmsPageSkeleton />;
  if (path === 'testimonial') return <TestimonialsPage />;
  return <CmsPageRoute key={slug} identifier={slug} />;
}
