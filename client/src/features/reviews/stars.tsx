/**
 * Stars: a rating shown (an image named "4 out of 5 stars", with its score in percent beside it when known, spec 1
 * §3 'ratings (percent)') and a rating chosen (a radio group of five native
 * radios, so arrow keys, the legend and the error are what assistive technology expects; each star is its label).
 */
import { useId } from 'react';
import { localeOf, useTranslation } from '../../app/i18n.ts';

function Star({ filled, size }: { filled: boolean; size: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill={filled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round">
      <path d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z" />
    </svg>
  );
}

export function Stars({ rating, percent = null, size = 16 }: { rating: number; percent?: number | null; size?: number }) {
  const { t, i18n } = useTranslation();
  const rounded = Math.round(rating);
  const stars = Number(rating.toFixed(1));
  const shownPercent = percent === null ? null : new Intl.NumberFormat(localeOf(i18n.language), { style: 'percent', maximumFractionDigits: 0 }).format(percent / 100);
  return (
    <span className="stars-score">
      <span
        className="stars"
        role="img"
        aria-label={shownPercent === null ? t('section.stars', { ns: 'reviews', rating: stars }) : t('section.starsPercent', { ns: 'reviews', rating: stars, percent: shownPercent })}
      >
        {[1, 2, 3, 4, 5].map((n) => (
          <Star key={n} filled={n <= rounded} size={size} />
        ))}
      </span>
      {/* Named in the image's label already. */}
      {shownPercent === null ? null : (
        <span className="stars-score__percent" aria-hidden="true">
          {shownPercent}
        </span>
      )}
    </span>
  );
}

export function StarRatingInput({ value, onChange, error, errorId }: { value: number | null; onChange: (rating: number) => void; error?: string | undefined; errorId: string }) {
  const { t } = useTranslation();
  const name = useId();
  return (
    <fieldset className="star-input" aria-describedby={error ? errorId : undefined}>
      <legend>{t('form.rating', { ns: 'reviews' })}</legend>
      <div className="star-input__stars">
        {[1, 2, 3, 4, 5].map((n) => (
          <span key={n} className="star-input__option">
            <input id={`${name}-${n}`} type="radio" name={name} value={n} checked={value === n} onChange={() => onChange(n)} />
            <label htmlFor={`${name}-${n}`} className={value !== null && n <= value ? 'is-on' : undefined}>
              <Star filled={value !== null && n <= value} size={28} />
              <span className="visually-hidden">{t('form.star', { ns: 'reviews', count: n })}</span>
            </label>
          </span>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
