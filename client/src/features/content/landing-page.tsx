/**
 * A CMS page found at a catalogue-like address by the URL map (issue 18; spec 1 §2 "the vintage and pre-owned
 * listings under swiss-watches/... and watches/..."): with a `listing`, its story above the category's listing
 * filtered by the listing's query (the category page's own listing, filters and "Load more"); without one, a CMS page.
 */
import type { Category, StoreCode } from '@shop/shared';
import type { CmsPage } from '@shop/shared/content/content.schema';
import { useTranslation } from '../../app/i18n.ts';
import { useStore } from '../../app/store-context.tsx';
import { Breadcrumbs } from '../catalogue/breadcrumbs.tsx';
import { mediaUrl } from '../catalogue/catalogue-api.ts';
import { CategoryPage } from '../category/category-page.tsx';
import { CmsHtml } from './cms-html.tsx';
import { cmsPageHead, CmsPageSkeleton, CmsPageView } from './cms-page.tsx';
import { useContentTexts } from './content-texts.ts';
import './content.css';

/** A content picture's address at a size the server makes (310, 744 or the wide hero). */
export function contentImageUrl(name: string, size: 310 | 744 | 'hero'): string {
  return mediaUrl(`/media/content/${encodeURIComponent(name)}?size=${size}`);
}

export function LandingPage({ page, category }: { page: CmsPage; category: Category | null }) {
  const store = useStore();
  const ready = useContentTexts();
  if (!ready) return <CmsPageSkeleton />;
  if (!page.listing || !category) return <CmsPageView page={page} />;
  return <LandingListing page={page} category={category} store={store} />;
}

function LandingListing({ page, category, store }: { page: CmsPage; category: Category; store: StoreCode }) {
  const { t } = useTranslation();
  const header = (
    <>
      <Breadcrumbs entries={[{ name: category.name, routePath: category.url_path }, { name: page.title }]} />
      <header className="landing-story">
        {page.image ? <img className="landing-story__image" src={contentImageUrl(page.image, 'hero')} alt="" width={1600} height={600} fetchPriority="high" /> : null}
        <div className="landing-story__text">
          <h1>{page.title}</h1>
          <CmsHtml html={page.content} className="prose--lead" />
        </div>
      </header>
    </>
  );
  return <CategoryPage category={category} landing={{ query: page.listing?.query ?? {}, header, listingTitle: t('page.collection', { ns: 'content' }), head: cmsPageHead(page, store) }} />;
}
