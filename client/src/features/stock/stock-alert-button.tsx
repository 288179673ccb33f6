/**
 * The product page's alert (issue 19): for a sold piece "Notify me when it is back", for an available one a quieter
 * "Alert me if the price drops". A logged-in customer's request is a queued call: offline it waits on this device and
 * the button says so (the announcer tells when it went out); a guest is asked to log in first (the login modal opens).
 * The alert's one mail and the list of alerts are the shop's (my-account › Alerts).
 */
import type { StockAlertKind } from '@shop/shared';
import { STOCK_ALERT_NOT_FOUND, STOCK_ALERTS_TOO_MANY } from '@shop/shared';
import { Link } from '@tanstack/react-router';
import { useEffect, useId, useState } from 'react';
import { ApiError } from '../../app/api.ts';
import { useTranslation } from '../../app/i18n.ts';
import { useStore } from '../../app/store-context.tsx';
import { openAuth, useSessionUser } from '../account/session-store.ts';
import { useAlertsTexts } from './alerts-texts.ts';
import { subscribeStockAlert } from './stock-alerts-api.ts';
import { stockChecks } from './stock-runtime.ts';
import { useStockView } from './use-stock.ts';
import './stock-alert.css';

type Shown = { state: 'idle' } | { state: 'login' } | { state: 'busy' } | { state: 'queued' } | { state: 'saved' } | { state: 'failed'; key: string };

/** The text key of a refusal: the shop's known messages, the throttle, else a general one. */
export function alertRefusalKey(error: unknown): string {
  if (!(error instanceof ApiError)) return 'errors.generic';
  if (error.status === 0) return 'errors.network';
  if (error.status === 401) return 'errors.login';
  if (error.status === 429) return 'errors.tooFast';
  if (error.message === STOCK_ALERT_NOT_FOUND) return 'errors.notFound';
  if (error.message === STOCK_ALERTS_TOO_MANY) return 'errors.tooMany';
  return 'errors.generic';
}

/**
 * `inStock`: what the product's document says; the shop's live stock check of the sku, once it answered, decides
 * (the document is from the catalogue's last load, and an order may have taken the last piece since). Null: no piece
 * is chosen yet (a variant to pick): nothing is shown.
 */
export function StockAlertButton({ sku, inStock: documented }: { sku: string; inStock: boolean | null }) {
  const { t } = useTranslation();
  const ready = useAlertsTexts();
  const store = useStore();
  const user = useSessionUser();
  const statusId = useId();
  const view = useStockView(sku);
  useEffect(() => {
    if (documented !== null) stockChecks().request([sku], { refresh: true });
  }, [sku, documented]);
  const inStock = documented === null ? null : view?.state === 'known' ? view.result.status !== 'out_of_stock' : documented;
  const [shown, setShown] = useState<{ sku: string; value: Shown }>({ sku, value: { state: 'idle' } });
  // Another piece (a variant chosen, the page reused for another product) starts afresh.
  // Once the guest asked to log in has done so, the note goes.
  const current = shown.sku !== sku || (shown.value.state === 'login' && user) ? { state: 'idle' as const } : shown.value;
  const set = (value: Shown) => setShown({ sku, value });
  if (!ready || inStock === null) return null;
  const kind: StockAlertKind = inStock ? 'price_drop' : 'back_in_stock';

  const ask = async () => {
    if (!user) {
      set({ state: 'login' });
      openAuth('login');
      return;
    }
    set({ state: 'busy' });
    try {
      const answer = await subscribeStockAlert({ sku, kind }, store);
      set({ state: answer === 'queued' ? 'queued' : 'saved' });
    } catch (error) {
      set({ state: 'failed', key: alertRefusalKey(error) });
    }
  };

  const done = current.state === 'saved' || current.state === 'queued';
  return (
    <div className={`stock-alert stock-alert--${kind}`}>
      {!inStock ? <p className="stock-alert__hint">{t('button.hintBackInStock', { ns: 'alerts' })}</p> : null}
      {done ? null : (
        <button
          type="button"
          className={inStock ? 'link-button stock-alert__link' : 'button button--secondary button--block stock-alert__button'}
          aria-describedby={statusId}
          disabled={current.state === 'busy'}
          aria-busy={current.state === 'busy' || undefined}
          onClick={() => void ask()}
        >
          <BellIcon />
          {t(kind === 'price_drop' ? 'button.priceDrop' : 'button.backInStock', { ns: 'alerts' })}
        </button>
      )}
      <div id={statusId} role="status" className="stock-alert__status">
        {current.state === 'saved' ? (
          <p className="problem-note problem-note--success">
            {t(kind === 'price_drop' ? 'button.savedPriceDrop' : 'button.savedBackInStock', { ns: 'alerts' })}{' '}
            <Link to="/$store/my-account/$" params={{ store, _splat: 'stock-alerts' }} className="text-link">
              {t('button.manage', { ns: 'alerts' })}
            </Link>
          </p>
        ) : current.state === 'queued' ? (
          <p className="problem-note">{t('button.queued', { ns: 'alerts' })}</p>
        ) : current.state === 'login' ? (
          <p className="problem-note">{t('button.loginNeeded', { ns: 'alerts' })}</p>
        ) : current.state === 'failed' ? (
          <p className="problem-note">{t(current.key, { ns: 'alerts' })}</p>
        ) : null}
      </div>
    </div>
  );
}

function BellIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round">
      <path d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15z" />
      <path d="M10 20a2 2 0 0 0 4 0" />
    </svg>
  );
}
