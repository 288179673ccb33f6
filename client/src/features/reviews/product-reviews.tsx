/**
 * The product page's reviews (spec 2 §3 'Review', §7, §8): the approved reviews (status 1) with their average and
 * count, and a form (nickname, summary, review, a 1-5 star rating) whose review waits for the shop's moderation:
 * 'submitted for moderation' is the notice, and the review is not listed until approved. Loaded lazily below the
 * product's details.
 */
import type { ReviewList } from '@shop/shared/content/review.schema';
import i18next from 'i18next';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '../../app/api.ts';
import { formatDate, useTranslation } from '../../app/i18n.ts';
import { useResource } from '../../app/resource.ts';
import { useStore } from '../../app/store-context.tsx';
import { notify } from '../../ui/notifications.tsx';
import { GuardStatus, useWaitLabel } from '../captcha/guard-status.tsx';
import { ShownRefusal } from '../captcha/throttle.ts';
import { useGuardedSend } from '../captcha/use-guarded-send.ts';
import { useContentTexts } from '../wishlist/content-texts.ts';
import { REVIEW_FIELDS, reviewProblems, type ReviewDraft, type ReviewProblems } from './review-form-rules.ts';
import { createReview, productReviews } from './reviews-api.ts';
import { StarRatingInput, Stars } from './stars.tsx';
import './form-fields.css';
import './reviews.css';

export function showReviewSubmitted(): void {
  const t = i18next.getFixedT(null, 'reviews');
  notify({ type: 'success', message: t('notices.submitted'), action1: { label: t('notices.ok') } }, { regionLabel: t('notices.region') });
}

export default function ProductReviews({ productId }: { productId: number }) {
  const { t, i18n } = useTranslation();
  const ready = useContentTexts('reviews');
  const titleId = useId();
  const reviews = useResource<ReviewList>(`reviews:${productId}`, () => productReviews(productId));
  const [writing, setWriting] = useState(false);
  if (!ready) return <section className="product-reviews" aria-busy="true" />;
  const list = reviews.data;
  return (
    <section className="product-reviews" aria-labelledby={titleId}>
      <div className="product-reviews__head">
        <h2 id={titleId}>{t('section.title', { ns: 'reviews' })}</h2>
        {list && list.average !== null && list.count > 0 ? (
          <p className="product-reviews__average">
            <Stars rating={list.average} percent={list.average_percent} size={18} />
            <span>{t('section.average', { ns: 'reviews', average: list.average.toFixed(1) })}</span>
            <span className="product-reviews__count">{t('section.count', { ns: 'reviews', count: list.count })}</span>
          </p>
        ) : null}
      </div>
      {reviews.error && !list ? (
        <p role="alert">
          {t('section.failed', { ns: 'reviews' })}{' '}
          <button type="button" className="link-button" onClick={reviews.retry}>
            {t('section.retry', { ns: 'reviews' })}
          </button>
        </p>
      ) : !list ? (
        <p className="product-reviews__status" role="status">
          {t('section.loading', { ns: 'reviews' })}
        </p>
      ) : list.items.length === 0 ? (
        <p className="product-reviews__status">{t('section.none', { ns: 'reviews' })}</p>
      ) : (
        <ul className="product-reviews__list" aria-label={t('section.list', { ns: 'reviews' })}>
          {list.items.map((review) => (
            <li key={review.id} className="review">
              <Stars rating={review.rating} percent={review.percent} />
              <h3 className="review__title">{review.title}</h3>
              <p className="review__meta">
                {t('section.by', { ns: 'reviews', nickname: review.nickname })}
                {review.created_at ? ` · ${formatDate(review.created_at, i18n.language)}` : ''}
              </p>
              <p className="review__detail">{review.detail}</p>
            </li>
          ))}
        </ul>
      )}
      {writing ? (
        <ReviewForm productId={productId} onDone={() => setWriting(false)} />
      ) : (
        <button type="button" className="button button--secondary" onClick={() => setWriting(true)}>
          {t('section.write', { ns: 'reviews' })}
        </button>
      )}
    </section>
  );
}

const EMPTY: ReviewDraft = { nickname: '', title: '', detail: '', rating: null };

export function ReviewForm({ productId, onDone }: { productId: number; onDone: () => void }) {
  const { t } = useTranslation();
  const store = useStore();
  const id = useId();
  const titleId = `${id}-heading`;
  const [draft, setDraft] = useState<ReviewDraft>(EMPTY);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // Saved on this device while offline: the review goes when the connection returns (the announcer thanks then).
  const [queued, setQueued] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const problems: ReviewProblems = tried ? reviewProblems(draft) : {};
  const message = (field: keyof ReviewDraft) => {
    const problem = problems[field];
    return problem ? t(`form.problems.${problem}`, { ns: 'reviews' }) : undefined;
  };
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const guard = useGuardedSend({ action: 'review' });
  const waitLabel = useWaitLabel(guard);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    setFailure(null);
    setQueued(false);
    const found = reviewProblems(draft);
    const first = REVIEW_FIELDS.find((field) => found[field]);
    if (first) {
      form.current?.querySelector<HTMLElement>(`[data-field="${first}"] input, [data-field="${first}"] textarea`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const review = { product_id: productId, nickname: draft.nickname.trim(), title: draft.title.trim(), detail: draft.detail.trim(), rating: draft.rating!, ratings: [{ percent: draft.rating! * 20 }] };
      // A queued call; a refusal leaves everything typed on the form, with the shop's message.
      const answer = await guard.send((captcha) => createReview(review, store, captcha));
      if (answer === 'queued') {
        setQueued(true);
        return;
      }
      showReviewSubmitted();
      onDone();
    } catch (error) {
      // The wait and the captcha step show beside the button (GuardStatus).
      if (error instanceof ShownRefusal) return;
      setFailure(error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : t('form.failed', { ns: 'reviews' }));
    } finally {
      setBusy(false);
    }
  };

  const text = (field: 'nickname' | 'title' | 'detail', label: string, multiline = false) => {
    const error = message(field);
    const props = {
      id: `${id}-${field}`,
      value: draft[field],
      onChange: (event: { target: { value: string } }) => setDraft((current) => ({ ...current, [field]: event.target.value })),
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${id}-${field}-error` : undefined,
      required: true,
    };
    return (
      <div className="field" data-field={field}>
        <label htmlFor={props.id}>{label}</label>
        {multiline ? <textarea {...props} rows={5} /> : <input {...props} autoComplete={field === 'nickname' ? 'nickname' : 'off'} />}
        {error ? (
          <p id={`${id}-${field}-error`} className="field__error">
            {error}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <form ref={form} className="review-form" aria-labelledby={titleId} onSubmit={(event) => void submit(event)} noValidate>
      <h3 id={titleId} ref={heading} tabIndex={-1}>
        {t('form.title', { ns: 'reviews' })}
      </h3>
      <div data-field="rating">
        <StarRatingInput value={draft.rating} onChange={(rating) => setDraft((current) => ({ ...current, rating }))} error={message('rating')} errorId={`${id}-rating-error`} />
      </div>
      {text('nickname', t('form.nickname', { ns: 'reviews' }))}
      {text('title', t('form.summary', { ns: 'reviews' }))}
      {text('detail', t('form.detail', { ns: 'reviews' }), true)}
      {failure ? (
        <p className="field__error" role="alert">
          {failure}
        </p>
      ) : null}
      {queued ? (
        <p className="review-form__queued" role="status">
          {t('form.queued', { ns: 'reviews' })}
        </p>
      ) : null}
      <GuardStatus guard={guard} />
      <div className="review-form__actions">
        <button type="submit" className="button" disabled={busy || queued || waitLabel !== null}>
          {busy ? t('form.submitting', { ns: 'reviews' }) : (waitLabel ?? t('form.submit', { ns: 'reviews' }))}
        </button>
        <button type="button" className="button button--secondary" onClick={onDone}>
          {t('form.cancel', { ns: 'reviews' })}
        </button>
      </div>
    </form>
  );
}
