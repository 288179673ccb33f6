/**
 * My account › Product reviews: the customer's own reviews with their moderation status (approved, pending, not
 * approved), from GET /api/review/mine (sent with the customer's token by the API gate).
 */
import type { Review } from '@shop/shared/content/review.schema';
import { useEffect, useId, useState } from 'react';
import { ApiError } from '../../app/api.ts';
import { formatDate, useTranslation } from '../../app/i18n.ts';
import { useContentTexts } from '../wishlist/content-texts.ts';
import { myReviews } from './reviews-api.ts';
import { Stars } from './stars.tsx';
import './reviews.css';

type Loaded = { kind: 'loading' } | { kind: 'loggedOut' } | { kind: 'failed' } | { kind: 'ready'; reviews: Review[] };

export default function MyReviews() {
  const { t, i18n } = useTranslation();
  const ready = useContentTexts('reviews');
  const titleId = useId();
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    myReviews(controller.signal).then(
      (reviews) => setLoaded({ kind: 'ready', reviews }),
      (error: unknown) => {
        if (!controller.signal.aborted) setLoaded({ kind: error instanceof ApiError && error.status === 401 ? 'loggedOut' : 'failed' });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  if (!ready) return <section className="my-reviews" aria-busy="true" />;
  return (
    <section className="my-reviews" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('mine.title', { ns: 'reviews' })}</h2>
      {loaded.kind === 'loading' ? (
        <p role="status">{t('mine.loading', { ns: 'reviews' })}</p>
      ) : loaded.kind === 'loggedOut' ? (
        <p role="alert">{t('mine.loginNeeded', { ns: 'reviews' })}</p>
      ) : loaded.kind === 'failed' ? (
        <p role="alert">
          {t('mine.failed', { ns: 'reviews' })}{' '}
          <button type="button" className="link-button" onClick={() => setAttempt((n) => n + 1)}>
            {t('section.retry', { ns: 'reviews' })}
          </button>
        </p>
      ) : loaded.reviews.length === 0 ? (
        <p>{t('mine.none', { ns: 'reviews' })}</p>
      ) : (
        <ul className="my-reviews__list">
          {loaded.reviews.map((review) => (
            <li key={review.id} className="review">
              <span className={`review__status review__status--${review.review_status}`}>
                <span className="visually-hidden">{t('mine.statusLabel', { ns: 'reviews' })}: </span>
                {t(`mine.status.${review.review_status}`, { ns: 'reviews', defaultValue: String(review.review_status) })}
              </span>
              <Stars rating={review.rating} percent={review.percent} />
              <h3 className="review__title">{review.title}</h3>
              <p className="review__meta">{review.created_at ? formatDate(review.created_at, i18n.language) : null}</p>
              <p className="review__detail">{review.detail}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
