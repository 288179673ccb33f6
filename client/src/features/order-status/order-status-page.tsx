/**
 * The order-status page (spec 2 §2 'Order status page', both routes): breadcrumbs (Homepage, Order status; a back
 * link on narrow screens), the heading 'Order status for Order # {increment id}', the order number, the payment
 * status label coloured by its group (success green, pending grey, failed red, each with its own icon and word, so
 * colour is never the only sign), the group's outcome message and 'Return to shopping'. Dimmed (aria-busy) until the
 * status is fetched; a refused token or hash and a failed fetch show their message with 'Return to homepage';
 * 'You are offline' while the browser is offline. A pending payment is asked again every few seconds.
 *
 * Two headings (spec 2 §2): variant B, 'Bedankt voor uw bestelling!' with the order number and the confirmation text,
 * once the order is paid (the payment's success group: the purchase is complete, whether the shopper just came back
 * from the provider or opened the page later); variant A, 'Order status for Order # {increment id}', while the payment
 * is pending or has failed, where the status is what the shopper needs. An order whose payment did not succeed can be
 * paid again or taken back into the cart from here; a bank transfer shows where to transfer what.
 */
import { CURRENCY_SIGNS, formatPrice, type CurrencyCode } from '@shop/shared/money/money';
import { isOrderStatus, orderStatusLabel } from '@shop/shared/orders/order-status';
import type { OrderStatusData } from '@shop/shared/payments/index';
import type { PaymentStatusGroup } from '@shop/shared/payments/status-groups';
import { Link, useRouter } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { fromPromise } from 'xstate';
import { formatDate, localeOf, useTranslation } from '../../app/i18n.ts';
import { useStore } from '../../app/store-context.tsx';
import { useDocumentTitle } from '../../ui/use-document-title.ts';
import { readAccountNotice } from '../checkout/account-notice-store.ts';
import type { AccountNotCreated as AccountNotCreatedView } from '../checkout/checkout-account.tsx';
import { exposeToDevtools } from '../devtools/devtools-registry.ts';
import { orderStatusText } from '../orders/order-status-text.ts';
import { useOnlineStatus } from '../offline/use-online-status.ts';
import { PAYMENT_CONFIG } from '../payment/payment-config.ts';
import { BankTransferDetails } from '../payment/bank-transfer-details.tsx';
import { PAYMENT_NS, usePaymentTexts } from '../payment/payment-texts.ts';
import { fetchOrderStatus, type OrderStatusProblem, type OrderStatusSource } from './order-status-api.ts';
import { orderStatusMachine } from './order-status.machine.ts';
import { PayAgain } from './pay-again.tsx';
import './order-status.css';
import { inspectActor } from '../devtools/inspection.ts';

const liveMachine = orderStatusMachine.provide({ actors: { fetchStatus: fromPromise(({ input }) => fetchOrderStatus(input)) } });

const PROBLEM_KEYS: Record<Exclude<OrderStatusProblem, 'offline'>, string> = {
  invalidToken: 'payments.messages.invalidToken',
  hashIncorrect: 'payments.messages.hashIncorrect',
  detailsProblem: 'payments.messages.detailsProblem',
};

export function OrderStatusPage({ source, refreshMs = PAYMENT_CONFIG.statusRefreshMs }: { source: OrderStatusSource; refreshMs?: number }) {
  const ready = usePaymentTexts();
  const actor = useActorRef(liveMachine, { input: { source, refreshMs }, inspect: inspectActor });
  const online = useOnlineStatus();
  const view = useSelector(actor, (snapshot) => ({
    loading: snapshot.matches('loading'),
    waitingOnline: snapshot.matches('offline'),
    data: snapshot.context.data,
    problem: snapshot.context.problem,
  }), (a, b) => a.loading === b.loading && a.waitingOnline === b.waitingOnline && a.data === b.data && a.problem === b.problem);

  useEffect(() => exposeToDevtools('orderStatus', actor), [actor]);
  useEffect(() => {
    if (online) actor.send({ type: 'connectivity.online' });
  }, [online, actor]);

  const { t } = useTranslation();
  const title = ready ? t('orderStatus.title', { ns: PAYMENT_NS }) : undefined;
  useDocumentTitle(title, t('shop.name'));

  const busy = !ready || view.loading;
  return (
    <div className="container order-status" aria-busy={busy}>
      {ready ? <OrderStatusBreadcrumbs /> : null}
      {ready && !online ? (
        <p className="order-status__offline" role="status">
          {t('orderStatus.offline', { ns: PAYMENT_NS })}
        </p>
      ) : null}
      {!ready ? null : view.data ? (
        <StatusCard data={view.data} source={source} onPaymentEnded={() => actor.send({ type: 'status.refresh' })} />
      ) : view.problem && view.problem !== 'offline' ? (
        <ProblemCard problem={view.problem} />
      ) : (
        <section className="order-status__card order-status__card--dimmed">
          <h1 className="order-status__heading">{t('orderStatus.title', { ns: PAYMENT_NS })}</h1>
          <p className="order-status__message">{view.waitingOnline ? t('orderStatus.offlineHint', { ns: PAYMENT_NS }) : t('orderStatus.loading', { ns: PAYMENT_NS })}</p>
        </section>
      )}
    </div>
  );
}

function OrderStatusBreadcrumbs() {
  const { t } = useTranslation();
  const store = useStore();
  const router = useRouter();
  return (
    <nav className="order-status__breadcrumbs" aria-label={t('orderStatus.breadcrumbs', { ns: PAYMENT_NS })}>
      <a
        className="order-status__back"
        href={`/${store}`}
        onClick={(event) => {
          event.preventDefault();
          if (window.history.length > 1) router.history.back();
          else void router.navigate({ to: '/$store', params: { store } });
        }}
      >
        <span aria-hidden="true">‹</span>
        {t('orderStatus.back', { ns: PAYMENT_NS })}
      </a>
      <ol>
        <li>
          <Link to="/$store" params={{ store }}>
            {t('orderStatus.homepage', { ns: PAYMENT_NS })}
          </Link>
        </li>
        <li aria-current="page">{t('orderStatus.title', { ns: PAYMENT_NS })}</li>
      </ol>
    </nav>
  );
}

const GROUP_ICONS: Record<PaymentStatusGroup, string> = { success: '✓', pending: '◷', failed: '✕' };

export function StatusLabel({ group, status }: { group: PaymentStatusGroup; status: string }) {
  const { t } = useTranslation();
  // An order's own status reads as everywhere else; a payment provider's status has the payment texts.
  const word = isOrderStatus(status) ? orderStatusText(t, status) : t(`orderStatus.status.${status}`, { ns: PAYMENT_NS, defaultValue: orderStatusLabel(status) });
  return (
    <span className={`status-label status-label--${group}`} data-group={group}>
      <span className="status-label__icon" aria-hidden="true">
        {GROUP_ICONS[group]}
      </span>
      {t(`orderStatus.group.${group}`, { ns: PAYMENT_NS })}
      {word.toLowerCase() !== t(`orderStatus.group.${group}`, { ns: PAYMENT_NS }).toLowerCase() ? <span className="status-label__detail"> ({word})</span> : null}
    </span>
  );
}

function StatusCard({ data, source, onPaymentEnded }: { data: OrderStatusData; source: OrderStatusSource; onPaymentEnded: () => void }) {
  const { t, i18n } = useTranslation();
  const store = useStore();
  const { group, status } = data.payment;
  const [paying, setPaying] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const thanks = group === 'success';
  const payAgain = async (method: string) => {
    const orderId = data.order.order_id;
    if (!orderId || paying) return;
    setPaying(true);
    setNotice(null);
    const number = data.order.increment_id;
    const { startPayment } = await import('../payment/start-payment.ts');
    const outcome = await startPayment(
      {
        orderId,
        incrementId: number,
        storeCode: store,
        currency: data.order.currency ?? 'EUR',
        amount: data.order.grand_total ?? 0,
        method,
        description: t('paymentDescription', { ns: 'checkout', number, defaultValue: `Order ${number}` }),
        // The page's link proves the order is the shopper's: its token and hash, or (by transaction id) its hash.
        ...(source.kind === 'token' ? { orderToken: source.token } : {}),
        statusHash: source.hash,
      },
      // A payment that could not be made leaves the shopper on this page, asked again.
      { errorUrl: `${window.location.pathname}${window.location.search}` },
    );
    if (outcome === 'redirected') return;
    setPaying(false);
    if (outcome === 'inactive') setNotice(t('payments.messages.notCreated', { ns: PAYMENT_NS, message: t('payAgain.methodUnavailable', { ns: PAYMENT_NS }) }));
    onPaymentEnded();
  };
  return (
    <section className={`order-status__card order-status__card--${group}`}>
      <h1 className="order-status__heading">{thanks ? t('orderStatus.thanks', { ns: PAYMENT_NS }) : t('orderStatus.heading', { ns: PAYMENT_NS, incrementId: data.order.increment_id })}</h1>
      {thanks ? <p className="order-status__number">{t('orderStatus.orderLine', { ns: PAYMENT_NS, number: data.order.increment_id })}</p> : null}
      <dl className="order-status__facts">
        <div>
          <dt>{t('orderStatus.orderNumber', { ns: PAYMENT_NS })}</dt>
          <dd>{data.order.increment_id}</dd>
        </div>
        {data.order.created_at !== undefined ? (
          <div>
            <dt>{t('orderStatus.orderDate', { ns: PAYMENT_NS })}</dt>
            <dd>{formatDate(data.order.created_at, i18n.language)}</dd>
          </div>
        ) : null}
        {data.order.grand_total !== undefined && isCurrencyCode(data.order.currency) ? (
          <div>
            <dt>{t('orderStatus.orderTotal', { ns: PAYMENT_NS })}</dt>
            {/* In the currency the order was placed in: the amount charged. */}
            <dd>{formatPrice(data.order.grand_total, data.order.currency, localeOf(i18n.language))}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('orderStatus.paymentStatus', { ns: PAYMENT_NS })}</dt>
          {/* Announced when a pending payment turns paid or failed. */}
          <dd aria-live="polite">
            <StatusLabel group={group} status={status} />
          </dd>
        </div>
      </dl>
      <p className="order-status__message">{t(`payments.outcome.${group}`, { ns: PAYMENT_NS, email: data.order.customer_email })}</p>
      {data.bank_transfer ? <BankTransferDetails instructions={data.bank_transfer} /> : null}
      {data.order.order_id ? <StoredAccountNotice orderId={data.order.order_id} /> : null}
      {notice ? (
        <p className="order-status__problem" role="alert">
          {notice}
        </p>
      ) : null}
      {data.pay_again && source.kind === 'token' ? <PayAgain data={data} token={source.token} hash={source.hash} store={store} busy={paying} onPay={(method) => void payAgain(method)} /> : null}
      <Link className={`button${data.pay_again ? ' button--secondary order-status__return' : ''}`} to="/$store" params={{ store }}>
        {t('payments.messages.returnToShopping', { ns: PAYMENT_NS })}
      </Link>
    </section>
  );
}

function isCurrencyCode(value: string | undefined): value is CurrencyCode {
  return value !== undefined && Object.hasOwn(CURRENCY_SIGNS, value);
}

function ProblemCard({ problem }: { problem: Exclude<OrderStatusProblem, 'offline'> }) {
  const { t } = useTranslation();
  const store = useStore();
  return (
    <section className="order-status__card order-status__card--problem">
      <h1 className="order-status__heading">{t('orderStatus.title', { ns: PAYMENT_NS })}</h1>
      <p className="order-status__problem" role="alert">
        {t(PROBLEM_KEYS[problem], { ns: PAYMENT_NS })}
      </p>
      <Link className="button button--secondary" to="/$store" params={{ store }}>
        {t('payments.messages.returnToHomepage', { ns: PAYMENT_NS })}
      </Link>
    </section>
  );
}

/**
 * The account asked for with this order that could not be made (the checkout kept the notice in this tab before it
 * sent the shopper to the payment provider). Its view and texts load only when there is one.
 */
function StoredAccountNotice({ orderId }: { orderId: string }) {
  const [notice] = useState(() => readAccountNotice(orderId));
  const [View, setView] = useState<{ show: typeof AccountNotCreatedView } | null>(null);
  useEffect(() => {
    if (!notice) return;
    let live = true;
    void Promise.all([import('../checkout/checkout-account.tsx'), import('../checkout/checkout-texts.ts').then((texts) => texts.loadCheckoutTexts())]).then(([module]) => {
      if (live) setView({ show: module.AccountNotCreated });
    });
    return () => {
      live = false;
    };
  }, [notice]);
  return notice && View ? <View.show notice={notice} /> : null;
}
