/**
 * The magazine's lists (issue 18 §7): the index (a lead story, then the grid), a category, a tag (`?tag=`) and a
 * search, each with the category chips, the search box and paging (`?page=`). A search needs 3 characters (spec 2 §5).
 */
import type { BlogCategory, BlogPostSummary } from '@shop/shared/content/content.schema';
import { isSearchTermLongEnough, normalizeSearchTerm } from '@shop/shared/catalogue/search-term';
import { useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { useTranslation } from '../../app/i18n.ts';
import { useResource } from '../../app/resource.ts';
import { useStore } from '../../app/store-context.tsx';
import { ErrorState } from '../../ui/error-state.tsx';
import { usePageHead } from '../../ui/page-head.ts';
import { Skeleton } from '../../ui/skeleton.tsx';
import { Breadcrumbs } from '../catalogue/breadcrumbs.tsx';
import { contentUrl, loadContent } from '../content/content-api.ts';
import { NotFoundPage } from '../layout/lazy-not-found-page.tsx';
import { ContentPicture } from './content-picture.tsx';
import { indexHead } from './magazine-head.ts';
import { pageCount, postsWindow } from './magazine-paging.ts';
import { magazinePath, searchSplat, type MagazinePage } from './magazine-path.ts';
import { MagazineLink, PostCard, PostMeta } from './post-card.tsx';
import { useHomeWhenNotCached } from '../offline/use-home-when-not-cached.ts';
import '../catalogue/catalogue.css';
import './magazine.css';

type ListPage = Extract<MagazinePage, { kind: 'index' | 'category' | 'search' }>;

export function MagazineListPage({ page, pageNumber, tag }: { page: ListPage; pageNumber: number; tag: string | undefined }) {
  const { t } = useTranslation();
  const store = useStore();
  const categories = useResource(contentUrl('wordpress_categories', store), () => loadContent('wordpress_categories', store));
  const tags = useResource(tag ? contentUrl('wordpress_tags', store) : null, () => loadContent('wordpress_tags', store));
  const query = page.kind === 'search' ? normalizeSearchTerm(page.query) : '';
  const tooShort = page.kind === 'search' && !isSearchTermLongEnough(query);
  const withLead = page.kind === 'index' && !tag;
  const slice = postsWindow(pageNumber, withLead);
  const filters = {
    sort: 'published_at:desc',
    ...slice,
    ...(page.kind === 'category' ? { category: page.name } : {}),
    ...(page.kind === 'search' ? { q: query } : {}),
    ...(page.kind === 'index' && tag ? { tag } : {}),
  };
  const posts = useResource(tooShort ? null : contentUrl('wordpress_posts', store, filters), () => loadContent('wordpress_posts', store, filters));
  const goingHome = useHomeWhenNotCached(posts.error ?? categories.error);

  const category = page.kind === 'category' ? categories.data?.items.find((item) => item.slug === page.name) : undefined;
  const tagName = tag ? (tags.data?.items.find((item) => item.slug === tag)?.name ?? tag) : undefined;
  const heading =
    page.kind === 'category'
      ? (category?.name ?? '')
      : page.kind === 'search'
        ? t('search.heading', { ns: 'magazine', query })
        : tagName
          ? t('tag.heading', { ns: 'magazine', name: tagName })
          : t('title', { ns: 'magazine' });
  const title = page.kind === 'search' ? t('search.title', { ns: 'magazine', query }) : page.kind === 'category' ? `${heading} | ${t('title', { ns: 'magazine' })}` : tagName ? heading : t('title', { ns: 'magazine' });
  const description = page.kind === 'category' ? category?.description || t('description', { ns: 'magazine' }) : t('description', { ns: 'magazine' });
  const path = magazinePath(page.kind === 'search' ? { kind: 'search', query } : page);
  usePageHead(page.kind === 'category' && !category ? null : indexHead(store, title, description, path), t('shop.name'));

  if (goingHome) return null;
  // A category the store does not have is no page.
  if (page.kind === 'category' && categories.data && !category) return <NotFoundPage />;

  const items = posts.data?.items ?? [];
  const lead = withLead && pageNumber === 1 ? items[0] : undefined;
  const grid = lead ? items.slice(1) : items;
  const pages = posts.data ? pageCount(posts.data.total, withLead) : 1;
  const trail = page.kind === 'index' && !tag ? [{ name: t('title', { ns: 'magazine' }) }] : [{ name: t('title', { ns: 'magazine' }), routePath: 'magazine' }, { name: heading }];

  return (
    <div className="magazine">
      <div className="container">
        <Breadcrumbs entries={trail} />
        <header className="magazine-masthead">
          <p className="eyebrow">{page.kind === 'category' ? t('category.eyebrow', { ns: 'magazine' }) : tag ? t('tag.eyebrow', { ns: 'magazine' }) : t('eyebrow', { ns: 'magazine' })}</p>
          <h1 className="magazine-masthead__title">{heading || <Skeleton width="12ch" height="2.6rem" />}</h1>
          <p className="magazine-masthead__intro">{page.kind === 'category' ? (category?.description ?? '') : t('intro', { ns: 'magazine' })}</p>
        </header>
        <div className="magazine-tools">
          <CategoryChips categories={categories.data?.items} current={page.kind === 'category' ? page.name : undefined} />
          <MagazineSearch initial={page.kind === 'search' ? page.query : ''} />
        </div>
      </div>
      {tooShort ? (
        <div className="container">
          <p className="magazine-empty" role="alert">
            {t('search.minChars', { ns: 'catalogue' })}
          </p>
        </div>
      ) : posts.error && !posts.data ? (
        <div className="container">
          <ErrorState title={t('errors.load', { ns: 'magazine' })} retryLabel={t('errors.retry')} onRetry={posts.retry} />
        </div>
      ) : !posts.data ? (
        <ListSkeleton withLead={withLead && pageNumber === 1} />
      ) : items.length === 0 ? (
        <div className="container">
          <div className="magazine-empty">
            <p className="magazine-empty__title">{t('empty.title', { ns: 'magazine' })}</p>
            <p>{page.kind === 'search' ? t('empty.search', { ns: 'magazine', query }) : t('empty.text', { ns: 'magazine' })}</p>
            <MagazineLink path="magazine" store={store} className="text-link">
              {t('empty.back', { ns: 'magazine' })}
            </MagazineLink>
          </div>
        </div>
      ) : (
        <>
          {lead ? <LeadStory post={lead} /> : null}
          <div className="container">
            {tag ? (
              <p className="magazine-tag-clear">
                <MagazineLink path="magazine" store={store} className="text-link">
                  {t('tag.clear', { ns: 'magazine' })}
                </MagazineLink>
              </p>
            ) : null}
            {grid.length ? (
              <div className="post-grid" aria-busy={posts.loading}>
                {grid.map((post) => (
                  <PostCard key={post.id} post={post} />
                ))}
              </div>
            ) : null}
            <Paging path={path} page={pageNumber} pages={pages} tag={tag} />
          </div>
        </>
      )}
    </div>
  );
}

function LeadStory({ post }: { post: BlogPostSummary }) {
  const { t } = useTranslation();
  const store = useStore();
  const category = post.categories[0];
  return (
    <section className="lead-story" aria-labelledby={`lead-${post.id}`}>
      <div className="container lead-story__inner">
        <MagazineLink path={post.path} store={store} className="lead-story__picture" tabIndex={-1} aria-hidden="true">
          <ContentPicture image={post.image} sizes="(min-width: 64em) 56rem, 100vw" ratio={[1600, 1000]} eager />
        </MagazineLink>
        <div className="lead-story__text">
          <p className="eyebrow">
            {t('lead', { ns: 'magazine' })}
            {category ? ` · ${category.name}` : ''}
          </p>
          <h2 id={`lead-${post.id}`} className="lead-story__title">
            <MagazineLink path={post.path} store={store}>
              {post.title}
            </MagazineLink>
          </h2>
          <p className="lead-story__excerpt">{post.excerpt}</p>
          <PostMeta post={post} />
          <MagazineLink path={post.path} store={store} className="text-link" aria-label={`${t('readStory', { ns: 'magazine' })}: ${post.title}`}>
            {t('readStory', { ns: 'magazine' })}
          </MagazineLink>
        </div>
      </div>
    </section>
  );
}

function CategoryChips({ categories, current }: { categories: BlogCategory[] | undefined; current: string | undefined }) {
  const { t } = useTranslation();
  const store = useStore();
  if (!categories) return <Skeleton className="category-chips__skeleton" height="2.25rem" width="60%" />;
  const shown = [...categories].filter((category) => category.post_count > 0).sort((a, b) => a.position - b.position || a.name.localeCompare(b.name));
  return (
    <nav className="category-chips" aria-label={t('categories', { ns: 'magazine' })}>
      <ul>
        <li>
          <MagazineLink path="magazine" store={store} className="chip" aria-current={current === undefined ? 'page' : undefined}>
            {t('allStories', { ns: 'magazine' })}
          </MagazineLink>
        </li>
        {shown.map((category) => (
          <li key={category.id}>
            <MagazineLink
              path={`magazine/category/${category.slug}`}
              store={store}
              className="chip"
              aria-current={current === category.slug ? 'page' : undefined}
            >
              {/* Named by what it shows, then what the number counts (WCAG 2.5.3). */}
              {category.name}{' '}
              <span className="chip__count">{category.post_count}</span>
              <span className="visually-hidden">{t('categoryCountHint', { ns: 'magazine' })}</span>
            </MagazineLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function MagazineSearch({ initial }: { initial: string }) {
  const { t } = useTranslation();
  const store = useStore();
  const navigate = useNavigate();
  const id = useId();
  const [term, setTerm] = useState(initial);
  const [problem, setProblem] = useState(false);
  return (
    <form
      className="magazine-search"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        const query = normalizeSearchTerm(term);
        if (!isSearchTermLongEnough(query)) {
          setProblem(true);
          return;
        }
        setProblem(false);
        void navigate({ to: '/$store/magazine/$', params: { store, _splat: searchSplat(query) } });
      }}
    >
      <label htmlFor={`${id}-q`} className="visually-hidden">
        {t('search.label', { ns: 'magazine' })}
      </label>
      <input
        id={`${id}-q`}
        type="search"
        value={term}
        placeholder={t('search.placeholder', { ns: 'magazine' })}
        aria-invalid={problem || undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(event) => {
          setTerm(event.target.value);
          if (problem && isSearchTermLongEnough(event.target.value)) setProblem(false);
        }}
      />
      <button type="submit" className="button button--secondary">
        {t('search.button', { ns: 'magazine' })}
      </button>
      {problem ? (
        <p id={`${id}-problem`} className="magazine-search__problem" role="alert">
          {t('search.minChars', { ns: 'catalogue' })}
        </p>
      ) : null}
    </form>
  );
}

function Paging({ path, page, pages, tag }: { path: string; page: number; pages: number; tag: string | undefined }) {
  const { t } = useTranslation();
  const store = useStore();
  if (pages <= 1) return null;
  const search = (n: number) => ({ ...(tag ? { tag } : {}), ...(n > 1 ? { page: String(n) } : {}) });
  return (
    <nav className="magazine-paging" aria-label={t('paging.label', { ns: 'magazine' })}>
      {page > 1 ? (
        <MagazineLink path={path} store={store} search={search(page - 1)} className="button button--secondary" rel="prev">
          {t('paging.previous', { ns: 'magazine' })}
        </MagazineLink>
      ) : (
        <span />
      )}
      <span className="magazine-paging__where">{t('paging.page', { ns: 'magazine', page, pages })}</span>
      {page < pages ? (
        <MagazineLink path={path} store={store} search={search(page + 1)} className="button button--secondary" rel="next">
          {t('paging.next', { ns: 'magazine' })}
        </MagazineLink>
      ) : (
        <span />
      )}
    </nav>
  );
}

function ListSkeleton({ withLead }: { withLead: boolean }) {
  return (
    <div aria-busy="true">
      {withLead ? (
        <div className="container lead-story__inner">
          <Skeleton className="lead-story__skeleton" />
          <div className="lead-story__text">
            <Skeleton width="30%" height="0.8rem" />
            <Skeleton width="90%" height="2.4rem" />
            <Skeleton width="70%" height="1rem" />
          </div>
        </div>
      ) : null}
      <div className="container post-grid">
        {Array.from({ length: 6 }, (_, n) => (
          <div key={n} className="post-card" aria-hidden="true">
            <Skeleton className="post-card__skeleton" />
            <Skeleton width="30%" height="0.75rem" />
            <Skeleton width="85%" height="1.4rem" />
          </div>
        ))}
      </div>
    </div>
  );
}
