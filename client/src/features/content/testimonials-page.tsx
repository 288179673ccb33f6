/**
 * The testimonials (spec 2 §2 `/testimonial`): the shop's customers' words with their average rating and count
 * (stars with their text for assistive technology, and AggregateRating structured data), newest first, a page at a
 * time with "Show more reviews".
 */
import { shopOrigin } from '../../app/server-pass.ts';
import type { ContentList, Testimonial, TestimonialRatings } from '@shop/shared/content/content.schema';
import { STORE_CODES } from '@shop/shared/stores/stores';
import { useState } from 'react';
import { localeOf, useTranslation } from '../../app/i18n.ts';
import { useResource } from '../../app/resource.ts';
import { useStore } from '../../app/store-context.tsx';
import { ErrorState } from '../../ui/error-state.tsx';
import { usePageHead } from '../../ui/page-head.ts';
import { Skeleton } from '../../ui/skeleton.tsx';
import { Breadcrumbs } from '../catalogue/breadcrumbs.tsx';
import { Stars } from '../reviews/stars.tsx';
import { useContentTexts as useReviewTexts } from '../wishlist/content-texts.ts';
import { contentUrl, loadContent, loadTestimonialRatings } from './content-api.ts';
import { aggregateRatingJsonLd } from './structured-data.ts';
import { useHomeWhenNotCached } from '../offline/use-home-when-not-cached.ts';
import '../reviews/reviews.css';
import './content.css';

/** Testimonials per page. */
export const TESTIMONIALS_PAGE_SIZE = 12;

export function TestimonialsPage() {
  const { t, i18n } = useTranslation();
  const store = useStore();
  // The stars' own text ("4.8 out of 5 stars") is the reviews feature's.
  const starsReady = useReviewTexts('reviews');
  const ratings = useResource(`ratings:${store}`, () => loadTestimonialRatings(store));
  const [pages, setPages] = useState(1);
  const first = useResource(contentUrl('review', store, { size: TESTIMONIALS_PAGE_SIZE, from: 0 }), () => loadContent('review', store, { size: TESTIMONIALS_PAGE_SIZE, from: 0 }));
  const goingHome = useHomeWhenNotCached(first.error ?? ratings.error);
  usePageHead(
    {
      title: t('testimonials.title', { ns: 'content' }),
      description: t('testimonials.intro', { ns: 'content' }),
      path: 'testimonial',
      store,
      alternates: STORE_CODES.map((code) => ({ store: code, path: 'testimonial' })),
      jsonLd: ratings.data ? [aggregateRatingJsonLd(ratings.data, t('shop.name'), `${shopOrigin()}/${store}`)].filter((data) => data !== null) : undefined,
    },
    t('shop.name'),
  );
  if (goingHome) return null;
  const average = ratings.data ? new Intl.NumberFormat(localeOf(i18n.language), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(ratings.data.average) : '';

  return (
    <div className="container testimonials">
      <Breadcrumbs entries={[{ name: t('testimonials.title', { ns: 'content' }) }]} />
      <header className="testimonials__header">
        <h1>{t('testimonials.title', { ns: 'content' })}</h1>
        <p className="testimonials__intro">{t('testimonials.intro', { ns: 'content' })}</p>
        {ratings.data && ratings.data.count > 0 && starsReady ? (
          <section className="testimonials__summary" aria-label={t('testimonials.summary', { ns: 'content' })}>
            <p className="testimonials__average">
              <span className="testimonials__score">{average}</span>
              <Stars rating={ratings.data.average} size={22} />
            </p>
            <p className="testimonials__count">
              {t('testimonials.average', { ns: 'content', average })} · {t('testimonials.count', { ns: 'content', count: ratings.data.count })}
            </p>
            <Distribution ratings={ratings.data} />
          </section>
        ) : ratings.data || ratings.error ? null : (
          <Skeleton width="16rem" height="3rem" />
        )}
      </header>
      {first.error ? (
        <ErrorState title={t('testimonials.error', { ns: 'content' })} retryLabel={t('errors.retry')} onRetry={first.retry} />
      ) : !first.data || !starsReady ? (
        <ul className="testimonials__list" aria-busy="true">
          {Array.from({ length: 4 }, (_, n) => (
            <li key={n} className="testimonial">
              <Skeleton width="40%" height="1rem" />
              <Skeleton width="90%" height="3rem" />
            </li>
          ))}
        </ul>
      ) : first.data.items.length === 0 ? (
        <p className="empty-state">{t('testimonials.empty', { ns: 'content' })}</p>
      ) : (
        <TestimonialList first={first.data} pages={pages} onMore={() => setPages((n) => n + 1)} language={i18n.language} />
      )}
    </div>
  );
}

function Distribution({ ratings }: { ratings: TestimonialRatings }) {
  const { t } = useTranslation();
  const most = Math.max(1, ...ratings.distribution);
  return (
    <table className="testimonials__distribution">
      <caption className="visually-hidden">{t('testimonials.distribution', { ns: 'content' })}</caption>
      <tbody>
        {[5, 4, 3, 2, 1].map((stars) => {
          const count = ratings.distribution[stars - 1] ?? 0;
          return (
            <tr key={stars}>
              <th scope="row">{t('testimonials.stars', { ns: 'content', count: stars })}</th>
              <td>
                {/* Drawn with attributes: server-rendered markup carries no style attribute (the CSP refuses it). */}
                <svg className="testimonials__bar" viewBox="0 0 100 4" preserveAspectRatio="none" aria-hidden="true" focusable="false">
                  <rect width={(count / most) * 100} height="4" />
                </svg>
              </td>
              <td className="testimonials__bar-count">{count}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** The first page, then each further page as it is asked for (each its own cached read, so it opens offline too). */
function TestimonialList({ first, pages, onMore, language }: { first: ContentList<Testimonial>; pages: number; onMore: () => void; language: string }) {
  const more = Array.from({ length: pages - 1 }, (_, n) => (n + 1) * TESTIMONIALS_PAGE_SIZE);
  return (
    <>
      <ul className="testimonials__list">
        {first.items.map((item) => (
          <TestimonialCard key={item.id} item={item} language={language} />
        ))}
        {more.map((from) => (
          <MorePage key={from} from={from} language={language} />
        ))}
      </ul>
      <MoreButton total={first.total} pages={pages} onMore={onMore} />
    </>
  );
}

function MorePage({ from, language }: { from: number; language: string }) {
  const store = useStore();
  const page = useResource(contentUrl('review', store, { size: TESTIMONIALS_PAGE_SIZE, from }), () => loadContent('review', store, { size: TESTIMONIALS_PAGE_SIZE, from }));
  return <>{page.data?.items.map((item) => <TestimonialCard key={item.id} item={item} language={language} />)}</>;
}

function MoreButton({ total, pages, onMore }: { total: number; pages: number; onMore: () => void }) {
  const { t } = useTranslation();
  const shown = Math.min(total, pages * TESTIMONIALS_PAGE_SIZE);
  return (
    <div className="load-more">
      <p className="load-more__progress" role="status">
        {t('testimonials.showing', { ns: 'content', shown, total })}
      </p>
      {shown < total ? (
        <button type="button" className="button button--secondary" onClick={onMore}>
          {t('testimonials.loadMore', { ns: 'content' })}
        </button>
      ) : null}
    </div>
  );
}

function TestimonialCard({ item, language }: { item: Testimonial; language: string }) {
  return (
    <li className="testimonial">
      <figure>
        <Stars rating={item.rating} />
        <blockquote className="testimonial__text">
          <p>{item.text}</p>
        </blockquote>
        <figcaption className="testimonial__author">
          <span className="testimonial__name">{item.author}</span>
          {item.location ? <span className="testimonial__location">{item.location}</span> : null}
          <time dateTime={item.date.slice(0, 10)}>{new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(item.date))}</time>
        </figcaption>
      </figure>
    </li>
  );
}
