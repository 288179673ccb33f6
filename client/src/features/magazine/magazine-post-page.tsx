/**
 * A magazine post (issue 18 §7): hero picture, title, author, date, reading time, category and tags, the sanitised
 * body in a readable measure, the products it speaks of (cards that add to the cart), and the previous and next posts.
 * A post that is not there is "page not found"; one never read, asked for offline, sends the shopper Home.
 */
import { shopOrigin } from '../../app/server-pass.ts';
import type { BlogPost } from '@shop/shared/content/content.schema';
import { useNavigate } from '@tanstack/react-router';
import { Suspense, useEffect } from 'react';
import { ApiError } from '../../app/api.ts';
import { useTranslation } from '../../app/i18n.ts';
import { useResource } from '../../app/resource.ts';
import { useStore } from '../../app/store-context.tsx';
import { ErrorState } from '../../ui/error-state.tsx';
import { usePageHead } from '../../ui/page-head.ts';
import { Skeleton } from '../../ui/skeleton.tsx';
import { Breadcrumbs } from '../catalogue/breadcrumbs.tsx';
import { loadPost } from '../content/content-api.ts';
import { NotFoundPage } from '../layout/lazy-not-found-page.tsx';
import { ContentPicture } from './content-picture.tsx';
import { postHead } from './magazine-head.ts';
import { magazinePath, magazineSplat } from './magazine-path.ts';
import { MagazineLink, PostMeta } from './post-card.tsx';
import { useHomeWhenNotCached } from '../offline/use-home-when-not-cached.ts';
import '../catalogue/catalogue.css';
import './magazine.css';
import { lazyPart } from '../../app/lazy-part.ts';

// The products come below the story: their cards and the cart's button load after the post is on screen.
const MagazineProducts = lazyPart('src/features/magazine/magazine-products.tsx#MagazineProducts', () => import('./magazine-products.tsx').then((module) => ({ default: module.MagazineProducts })));

export function MagazinePostPage({ year, month, name }: { year: string; month: string; name: string }) {
  const { t } = useTranslation();
  const store = useStore();
  const navigate = useNavigate();
  const post = useResource(`magazine-post:${store}:${name}`, () => loadPost(store, name));
  const goingHome = useHomeWhenNotCached(post.error);
  const found = post.data;
  const requested = magazinePath({ kind: 'post', year, month, name });
  // A post asked for under another date (or by its id) opens at its own address.
  const moved = found && found.path !== requested ? found.path : null;
  useEffect(() => {
    if (moved) void navigate({ to: '/$store/magazine/$', params: { store, _splat: magazineSplat(moved) }, replace: true });
  }, [moved, navigate, store]);
  usePageHead(found && !moved ? postHead(found, store, shopOrigin(), t('shop.name')) : null, t('shop.name'));

  if (goingHome) return null;
  if (post.error && !found) {
    if (post.error instanceof ApiError && post.error.status === 404) return <NotFoundPage />;
    return (
      <div className="container">
        <ErrorState title={t('errors.load', { ns: 'magazine' })} retryLabel={t('errors.retry')} onRetry={post.retry} />
      </div>
    );
  }
  if (!found || moved) return <PostSkeleton />;
  return <Post post={found} />;
}

function Post({ post }: { post: BlogPost }) {
  const { t } = useTranslation();
  const store = useStore();
  const category = post.categories[0];
  const trail = [{ name: t('title', { ns: 'magazine' }), routePath: 'magazine' }, ...(category ? [{ name: category.name, routePath: `magazine/category/${category.slug}` }] : []), { name: post.title }];
  return (
    <article className="magazine-post" aria-labelledby="post-title">
      <div className="container">
        <Breadcrumbs entries={trail} />
        <header className="magazine-post__header">
          {category ? (
            <MagazineLink path={`magazine/category/${category.slug}`} store={store} className="eyebrow magazine-post__category">
              {category.name}
            </MagazineLink>
          ) : null}
          <h1 id="post-title" className="magazine-post__title">
            {post.title}
          </h1>
          <p className="magazine-post__standfirst">{post.excerpt}</p>
          <PostMeta post={post} />
        </header>
      </div>
      <figure className="magazine-post__hero container">
        <ContentPicture image={post.image} sizes="(min-width: 84em) 80rem, 100vw" ratio={[1600, 900]} eager alt={t('post.photo', { ns: 'magazine', title: post.title })} />
      </figure>
      <div className="container">
        {/* The body is sanitised HTML from the content store (sanitised at import); it is never built from anything else. */}
        <div className="prose magazine-post__body" dangerouslySetInnerHTML={{ __html: post.body }} />
        {post.tags.length ? (
          <div className="magazine-post__tags">
            <h2 className="visually-hidden">{t('post.tags', { ns: 'magazine' })}</h2>
            <ul aria-label={t('post.tags', { ns: 'magazine' })}>
              {post.tags.map((tag) => (
                <li key={tag.id}>
                  <MagazineLink path="magazine" store={store} search={{ tag: tag.slug }} className="chip">
                    #{tag.name}
                  </MagazineLink>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {post.related_skus.length ? (
          <Suspense fallback={null}>
            <MagazineProducts skus={post.related_skus} />
          </Suspense>
        ) : null}
        {post.previous || post.next ? (
          <nav className="magazine-post__neighbours" aria-label={t('post.more', { ns: 'magazine' })}>
            {post.previous ? (
              <MagazineLink path={post.previous.path} store={store} className="neighbour neighbour--previous" rel="prev">
                <span className="eyebrow">{t('post.previous', { ns: 'magazine' })}</span>
                <span className="neighbour__title">{post.previous.title}</span>
              </MagazineLink>
            ) : (
              <span />
            )}
            {post.next ? (
              <MagazineLink path={post.next.path} store={store} className="neighbour neighbour--next" rel="next">
                <span className="eyebrow">{t('post.next', { ns: 'magazine' })}</span>
                <span className="neighbour__title">{post.next.title}</span>
              </MagazineLink>
            ) : null}
          </nav>
        ) : null}
      </div>
    </article>
  );
}

function PostSkeleton() {
  return (
    <div className="magazine-post" aria-busy="true">
      <div className="container magazine-post__header">
        <Skeleton width="20%" height="0.8rem" />
        <Skeleton width="80%" height="3rem" />
        <Skeleton width="60%" height="1.2rem" />
      </div>
      <div className="container">
        <Skeleton className="magazine-post__hero-skeleton" />
      </div>
    </div>
  );
}
