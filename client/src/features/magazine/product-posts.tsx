/**
 * "In the magazine" under a product (issue 18 §7, "wordpress by productId"): the posts that name the product among
 * their related products, newest first. Its own chunk, loaded after the product page; nothing is shown when there
 * are none, and a failed read (offline, say) leaves the product page as it is.
 */
import { useId } from 'react';
import { useTranslation } from '../../app/i18n.ts';
import { useResource } from '../../app/resource.ts';
import { useStore } from '../../app/store-context.tsx';
import { loadProductPosts } from '../content/content-api.ts';
import { ContentPicture } from './content-picture.tsx';
import { useMagazineTexts } from './magazine-texts.ts';
import { MagazineLink, PostMeta } from './post-card.tsx';
import './magazine.css';

/** At most this many posts under a product. */
const SHOWN = 3;

export default function ProductPosts({ productId }: { productId: number }) {
  const { t } = useTranslation();
  const store = useStore();
  const id = useId();
  const ready = useMagazineTexts();
  const posts = useResource(`product-posts:${store}:${productId}`, () => loadProductPosts(store, productId));
  const shown = (posts.data ?? []).slice(0, SHOWN);
  if (!ready || shown.length === 0) return null;
  return (
    <section className="product-posts" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('productPosts.title', { ns: 'magazine' })}</h2>
      <p className="product-posts__intro">{t('productPosts.intro', { ns: 'magazine' })}</p>
      <ul className="product-posts__list">
        {shown.map((post) => (
          <li key={post.id} className="product-post">
            <MagazineLink path={post.path} store={store} className="product-post__picture" tabIndex={-1} aria-hidden="true">
              <ContentPicture image={post.image} sizes="(min-width: 48em) 10rem, 30vw" ratio={[310, 207]} />
            </MagazineLink>
            <div>
              {post.categories[0] ? <p className="eyebrow">{post.categories[0].name}</p> : null}
              <h3 className="product-post__title">
                <MagazineLink path={post.path} store={store}>
                  {post.title}
                </MagazineLink>
              </h3>
              <PostMeta post={post} />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
