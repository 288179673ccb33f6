/**
 * An order whose payment did not succeed (issue 12): the shopper pays it again (the same order and amount, with the
 * same or another method) or puts its items back into the cart (the shop cancels the order and releases its stock).
 * Shown on the order-status page and in the checkout when the shopper comes back to it (a failed payment, the
 * browser's Back from the provider, a reload). The shop decides: it says whether the order can be paid again and with
 * which methods (`pay_again`), and refuses to take back an order that is paid or whose payment is under way.
 */
import type { StoreCode } from '@shop/shared';
import { formatPrice, type CurrencyCode } from '@shop/shared/money/money';
import type { OrderStatusData } from '@shop/shared/payments/index';
import { useRouter } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../app/api.ts';
import { localeOf, useTranslation } from '../../app/i18n.ts';
import { useCartRuntime } from '../cart/use-cart.ts';
import { PAYMENT_NS, usePaymentTexts } from '../payment/payment-texts.ts';
import { forgetUnpaidOrder } from '../payment/unpaid-order-store.ts';
import { fetchOrderStatus, takeOrderBack } from './order-status-api.ts';
import './order-status.css';

export interface PayAgainProps {
  data: OrderStatusData;
  token: string;
  hash: string;
  store: StoreCode;
  /** Pays the order again with this checkout method (the page runs the payment flow). */
  onPay: (method: string) => void;
  /** The payment flow is running. */
  busy?: boolean;
}

function amountOf(data: OrderStatusData, language: string): string {
  const { grand_total: total, currency } = data.order;
  return total === undefined ? '' : formatPrice(total, (currency ?? 'EUR') as CurrencyCode, localeOf(language));
}

export function PayAgain({ data, token, hash, store, onPay, busy = false }: PayAgainProps) {
  const { t, i18n } = useTranslation();
  const router = useRouter();
  const { runtime } = useCartRuntime();
  const methods = data.pay_again?.methods ?? [];
  const [method, setMethod] = useState(() => methods.find((m) => m.code === data.order.payment_method)?.code ?? methods[0]?.code ?? '');
  const [takingBack, setTakingBack] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const alertRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (problem) alertRef.current?.focus();
  }, [problem]);
  if (!data.pay_again) return null;

  const takeBack = async () => {
    if (!runtime || takingBack) return;
    setTakingBack(true);
    setProblem(null);
    try {
      const { items } = await takeOrderBack(token, hash);
      await runtime.restoreLines(items);
      if (data.order.order_id) forgetUnpaidOrder(data.order.order_id);
      await router.navigate({ to: '/$store/checkout', params: { store } });
    } catch (error) {
      setProblem(error instanceof ApiError && error.status === 409 ? t('payAgain.takeBackRefused', { ns: PAYMENT_NS }) : t('payAgain.takeBackFailed', { ns: PAYMENT_NS }));
    } finally {
      setTakingBack(false);
    }
  };

  const amount = amountOf(data, i18n.language);
  const working = busy || takingBack;
  return (
    <form
      className="pay-again"
      aria-labelledby="pay-again-title"
      onSubmit={(event) => {
        event.preventDefault();
        if (!working && method) onPay(method);
      }}
    >
      <h2 id="pay-again-title" className="pay-again__title">
        {t('payAgain.title', { ns: PAYMENT_NS })}
      </h2>
      <p className="pay-again__intro">{t('payAgain.intro', { ns: PAYMENT_NS })}</p>
      <fieldset className="pay-again__methods">
        <legend className="pay-again__legend">{t('payAgain.method', { ns: PAYMENT_NS })}</legend>
        {methods.map((option) => (
          <label key={option.code} className="pay-again__method">
            <input type="radio" name="payAgainMethod" value={option.code} checked={method === option.code} onChange={() => setMethod(option.code)} />
            <span>{t(`paymentMethods.${option.code}`, { ns: 'checkout', defaultValue: option.title })}</span>
          </label>
        ))}
      </fieldset>
      {problem ? (
        <p className="pay-again__problem" role="alert" tabIndex={-1} ref={alertRef}>
          {problem}
        </p>
      ) : null}
      <div className="pay-again__actions">
        <button type="submit" className="button" aria-disabled={working || undefined} aria-busy={busy || undefined}>
          {amount ? t('payAgain.payAmount', { ns: PAYMENT_NS, amount }) : t('payAgain.pay', { ns: PAYMENT_NS })}
        </button>
        <button type="button" className="button button--secondary" aria-disabled={working || !runtime || undefined} aria-busy={takingBack || undefined} onClick={() => void takeBack()}>
          {t('payAgain.takeBack', { ns: PAYMENT_NS })}
        </button>
      </div>
    </form>
  );
}

/**
 * The checkout's view of an unpaid order: its status fetched with the order's token and hash, the order number and
 * amount, then the choices. Paid meanwhile, or canceled, it says so instead.
 */
export function UnpaidOrder({ token, hash, store, incrementId, onPay, busy = false, notice }: { token: string; hash: string; store: StoreCode; incrementId: string; onPay: (method: string) => void; busy?: boolean; notice?: string | null }) {
  const ready = usePaymentTexts();
  const { t } = useTranslation();
  // Asked again after a payment attempt ends (busy goes back to false); an answer counts for the request it answers.
  const key = `${token}|${hash}|${busy}`;
  const [answer, setAnswer] = useState<{ key: string; data: OrderStatusData | 'failed' } | null>(null);
  const data = answer?.key === key ? answer.data : null;
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    let live = true;
    void fetchOrderStatus({ kind: 'token', token, hash }).then((reply) => live && setAnswer({ key, data: reply.ok ? reply.data : 'failed' }));
    return () => {
      live = false;
    };
  }, [key, token, hash]);
  useEffect(() => {
    if (data && data !== 'failed') headingRef.current?.focus();
  }, [data]);
  const statusHref = `/${store}/order-status/${encodeURIComponent(token)}?hash=${encodeURIComponent(hash)}`;
  const known = data !== null && data !== 'failed' ? data : null;
  // Paid or canceled meanwhile: no longer this device's unpaid order.
  const settled = known !== null && !known.pay_again && known.payment.group !== 'pending';
  const settledId = settled ? known.order.order_id : undefined;
  useEffect(() => {
    if (settledId) forgetUnpaidOrder(settledId);
  }, [settledId]);
  if (!ready) return <section className="checkout-confirmation" aria-busy="true" />;
  const paid = known?.payment.group === 'success' && !known.pay_again;
  const title = paid ? 'payAgain.paidTitle' : known?.order.status === 'canceled' ? 'payAgain.canceledTitle' : 'payAgain.unpaidTitle';
  return (
    <section className="checkout-confirmation unpaid-order" aria-busy={data === null} aria-labelledby="unpaid-title">
      <span className={`checkout-confirmation__mark${paid ? '' : ' is-waiting'}`} aria-hidden="true">
        {paid ? '✓' : '!'}
      </span>
      <h1 id="unpaid-title" className="checkout__title" tabIndex={-1} ref={headingRef}>
        {t(title, { ns: PAYMENT_NS, number: incrementId })}
      </h1>
      {notice ? (
        <p className="checkout-alert" role="alert">
          {notice}
        </p>
      ) : null}
      {data === 'failed' ? (
        <p className="checkout-alert" role="alert">
          {t('payments.messages.detailsProblem', { ns: PAYMENT_NS })}
        </p>
      ) : null}
      {known?.pay_again ? <PayAgain data={known} token={token} hash={hash} store={store} onPay={onPay} busy={busy} /> : null}
      {(known && !known.pay_again) || data === 'failed' ? (
        <a className="button" href={statusHref}>
          {t('payAgain.viewOrder', { ns: PAYMENT_NS })}
        </a>
      ) : null}
    </section>
  );
}
