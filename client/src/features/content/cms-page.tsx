/**
 * A CMS page (spec 2 §2 `/i/{slug}`; also a landing page without a listing): breadcrumbs (spec 1 §2), the title, the
 * sanitised body in the shop's prose style and, for a page in the hierarchy (`cms_hierarchy`), the pages beside it.
 * Its head: title, description, canonical and the same page in the other store (hreflang; the languages modal).
 */
import type { StoreCode } from '@shop/shared';
import type { ReactNode } from 'react';
import type { CmsPage } from '@shop/shared/content/content.schema';
import { ApiError } from '../../app/api.ts';
import { useTranslation } from '../../app/i18n.ts';
import { useResource } from '../../app/resource.ts';
import { useStore } from '../../app/store-context.tsx';
import { ErrorState } from '../../ui/error-state.tsx';
import { usePageHead, type PageHead } from '../../ui/page-head.ts';
import { Skeleton } from '../../ui/skeleton.tsx';
import { Breadcrumbs } from '../catalogue/breadcrumbs.tsx';
import { NotFoundPage } from '../layout/lazy-not-found-page.tsx';
import { contentUrl, loadCmsPage, loadContent } from './content-api.ts';
import { CmsHtml } from './cms-html.tsx';
import { sectionOf } from './service-nav.ts';
import { useHomeWhenNotCached } from '../offline/use-home-when-not-cached.ts';
import { Link } from '@tanstack/react-router';
import '../catalogue/catalogue.css';

/** A link to a store-relative path: a CMS page's `i/{identifier}` by its own route, anything else through the URL map. */
function StorePathLink({ store, path, current, children }: { store: StoreCode; path: string; current: boolean; children: ReactNode }) {
  const cms = /^i\/([^/]+)$/.exec(path);
  const ariaCurrent = current ? 'page' : undefined;
  return cms ? (
    <Link to="/$store/i/$slug" params={{ store, slug: cms[1]! }} aria-current={ariaCurrent}>
      {children}
    </Link>
  ) : (
    <Link to="/$store/$" params={{ store, _splat: path }} search={{}} aria-current={ariaCurrent}>
      {children}
    </Link>
  );
}

/** What a CMS page tells search engines about itself. */
export function cmsPageHead(page: CmsPage, store: StoreCode): PageHead {
  return {
    title: page.meta_title ?? page.title,
    description: page.meta_description ?? undefined,
    path: page.path,
    store,
    alternates: page.alternates,
  };
}

/** `/i/{slug}`: loads the page by its identifier. */
export function CmsPageRoute({ identifier }: { identifier: string }) {
  const { t } = useTranslation();
  const store = useStore();
  const page = useResource(`cms-page:${store}:${identifier}`, () => loadCmsPage(store, identifier));
  const goingHome = useHomeWhenNotCached(page.error);
  if (goingHome) return null;
  if (page.error) {
    if (page.error instanceof ApiError && page.error.status === 404) return <NotFoundPage />;
    return (
      <div className="container">
        <ErrorState title={t('page.error', { ns: 'content' })} retryLabel={t('errors.retry')} onRetry={page.retry} />
      </div>
    );
  }
  if (!page.data || page.data.identifier !== identifier) return <CmsPageSkeleton />;
  return <CmsPageView page={page.data} />;
}

export function CmsPageSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="container cms-page" aria-busy="true">
      <span className="visually-hidden" role="status">
        {t('page.loading', { ns: 'content', defaultValue: '' })}
      </span>
      <Skeleton width="30%" height="0.8rem" />
      <div className="cms-page__main">
        <Skeleton width="55%" height="2.4rem" />
        {Array.from({ length: 6 }, (_, n) => (
          <Skeleton key={n} width={`${92 - (n % 3) * 9}%`} height="1rem" />
        ))}
      </div>
    </div>
  );
}

export function CmsPageView({ page }: { page: CmsPage }) {
  const { t } = useTranslation();
  const store = useStore();
  usePageHead(cmsPageHead(page, store), t('shop.name'));
  // The hierarchy's roots with their children: one call, cached; a page outside it gets no side navigation.
  const hierarchy = useResource(contentUrl('cms_hierarchy', store), () => loadContent('cms_hierarchy', store));
  // The side navigation is known before the page shows, so it never pushes the text aside (or down, on a phone).
  if (hierarchy.loading) return <CmsPageSkeleton />;
  const section = hierarchy.data ? sectionOf(hierarchy.data.items, page.identifier) : null;
  const crumbs = section?.parent.path ? [{ name: section.parent.title, routePath: section.parent.path }, { name: page.title }] : [{ name: page.title }];
  return (
    <div className={`container cms-page${section ? ' cms-page--with-nav' : ''}`}>
      <Breadcrumbs entries={crumbs} />
      <div className="cms-page__layout">
        {section ? (
          <nav className="cms-page__nav" aria-label={t('page.sectionNav', { ns: 'content' })}>
            <p className="cms-page__nav-title">{section.parent.title}</p>
            <ul>
              {section.pages.map((node) => (
                <li key={node.id}>
                  <StorePathLink store={store} path={node.path ?? ''} current={node.page_identifier === page.identifier}>
                    {node.title}
                  </StorePathLink>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <article className="cms-page__main">
          <h1 className="cms-page__title">{page.title}</h1>
          <CmsHtml html={page.content} />
        </article>
      </div>
    </div>
  );
}
