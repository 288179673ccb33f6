/** A post in the magazine's lists: picture, category, title, excerpt, date and reading time. */
import type { StoreCode } from '@shop/shared';
import type { BlogPostSummary } from '@shop/shared/content/content.schema';
import { Link } from '@tanstack/react-router';
import { localeOf, useTranslation } from '../../app/i18n.ts';
import { useStore } from '../../app/store-context.tsx';
import { ContentPicture } from './content-picture.tsx';
import { magazineSplat } from './magazine-path.ts';

/** A post's date as the interface language writes it in prose ("14 May 2026"), on the shop's calendar. */
export function postDate(iso: string, language: string): string {
  return new Intl.DateTimeFormat(localeOf(language), { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Amsterdam' }).format(new Date(iso));
}

/** The route link to a store-relative magazine path (`magazine/2026/05/a-slug`). */
export function MagazineLink({
  path,
  store,
  children,
  search,
  ...rest
}: {
  path: string;
  store: StoreCode;
  children: React.ReactNode;
  search?: Record<string, string>;
} & Pick<React.AnchorHTMLAttributes<HTMLAnchorElement>, 'className' | 'rel' | 'tabIndex' | 'aria-hidden' | 'aria-label' | 'aria-current'>) {
  return (
    <Link to="/$store/magazine/$" params={{ store, _splat: magazineSplat(path) }} search={search ?? {}} activeOptions={{ exact: true }} {...rest}>
      {children}
    </Link>
  );
}

export function PostMeta({ post }: { post: Pick<BlogPostSummary, 'published_at' | 'reading_minutes'> & { author?: string } }) {
  const { t, i18n } = useTranslation();
  return (
    <p className="post-meta">
      {post.author ? <span>{t('by', { ns: 'magazine', author: post.author })}</span> : null}
      <time dateTime={post.published_at}>{postDate(post.published_at, i18n.language)}</time>
      <span>{t('readingTime', { ns: 'magazine', count: post.reading_minutes })}</span>
    </p>
  );
}

const CARD_SIZES = '(min-width: 80em) 26rem, (min-width: 48em) 45vw, 92vw';

export function PostCard({ post, headingLevel = 2 }: { post: BlogPostSummary; headingLevel?: 2 | 3 }) {
  const store = useStore();
  const Heading = `h${headingLevel}` as const;
  const category = post.categories[0];
  return (
    <article className="post-card">
      <MagazineLink path={post.path} store={store} className="post-card__picture" tabIndex={-1} aria-hidden="true">
        <ContentPicture image={post.image} sizes={CARD_SIZES} ratio={[744, 496]} />
      </MagazineLink>
      <div className="post-card__text">
        {category ? (
          <MagazineLink path={`magazine/category/${category.slug}`} store={store} className="post-card__category eyebrow">
            {category.name}
          </MagazineLink>
        ) : null}
        <Heading className="post-card__title">
          <MagazineLink path={post.path} store={store}>
            {post.title}
          </MagazineLink>
        </Heading>
        <p className="post-card__excerpt">{post.excerpt}</p>
        <PostMeta post={post} />
      </div>
    </article>
  );
}
