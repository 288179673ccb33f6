/**
 * What each magazine page tells browsers and search engines (issue 18 §11): title, description, canonical address,
 * hreflang links and, for a post, an Article (schema.org) with headline, picture, date, author and publisher.
 */
import type { StoreCode } from '@shop/shared';
import type { BlogPost } from '@shop/shared/content/content.schema';
import { STORE_CODES } from '@shop/shared/stores/stores';
import type { PageHead } from '../../ui/page-head.ts';
import { contentImageUrl } from './content-picture.tsx';

/** The index is at the same address in every store. */
export function indexHead(store: StoreCode, title: string, description: string, path = 'magazine'): PageHead {
  return {
    store,
    title,
    description,
    path,
    alternates: path === 'magazine' ? STORE_CODES.map((other) => ({ store: other, path })) : undefined,
  };
}

export function articleJsonLd(post: BlogPost, store: StoreCode, origin: string, publisher: string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: post.title,
    description: post.excerpt,
    ...(post.image ? { image: [`${origin}${contentImageUrl(post.image, 'hero')}`] } : {}),
    datePublished: post.published_at,
    author: { '@type': 'Person', name: post.author },
    publisher: { '@type': 'Organization', name: publisher, logo: { '@type': 'ImageObject', url: `${origin}/icons/icon-512.png` } },
    mainEntityOfPage: `${origin}/${store}/${post.path}`,
    ...(post.categories[0] ? { articleSection: post.categories[0].name } : {}),
    ...(post.tags.length ? { keywords: post.tags.map((tag) => tag.name).join(', ') } : {}),
  };
}

export function postHead(post: BlogPost, store: StoreCode, origin: string, publisher: string): PageHead {
  return {
    store,
    title: post.title,
    description: post.excerpt,
    path: post.path,
    alternates: post.alternates,
    jsonLd: [articleJsonLd(post, store, origin, publisher)],
  };
}
