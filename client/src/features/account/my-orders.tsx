/** MyOrders (20 a page, spec 2 §9) and MyOrder: the customer's order history from GET /api/user/order-history. */
import type { OrderHistory } from '@shop/shared/account/account.schema';
import { ORDER_HISTORY_PAGE_SIZE } from '@shop/shared/account/account.schema';
import { shownLineTotal } from '@shop/shared/cart/totals';
import { lineOptionsOf } from '@shop/shared/cart/line-options';
import { formatPrice } from '@shop/shared/money/money';
import type { BankTransferInstructions } from '@shop/shared/orders/bank-transfer';
import type { OrderAddress, OrderDoc } from '@shop/shared/sync/order.schema';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { formatDate, localeOf, useTranslation } from '../../app/i18n.ts';
import { useStore } from '../../app/store-context.tsx';
import { LineOptions } from '../cart/line-options.tsx';
import { orderStatusText } from '../orders/order-status-text.ts';
import { failureMessage } from './account-form.tsx';
import { orderHistory } from './account-api.ts';
import { useSessionUser } from './session-store.ts';
import { BankTransferDetails } from '../payment/bank-transfer-details.tsx';
import { SendInvoiceButton } from '../forms/send-invoice-button.tsx';

type Load<T> = { state: 'loading' } | { state: 'done'; value: T } | { state: 'failed'; message: string };

function useOrderPage(page: number, pageSize = ORDER_HISTORY_PAGE_SIZE): [Load<OrderHistory>, () => void] {
  const { t } = useTranslation();
  const user = useSessionUser();
  const [attempt, setAttempt] = useState(0);
  // The answer is kept with the request it answers; a different request shows as loading until its answer is in.
  const key = `${page}:${pageSize}:${attempt}`;
  const [answer, setAnswer] = useState<{ key: string; load: Load<OrderHistory> } | null>(null);
  const load: Load<OrderHistory> = answer?.key === key ? answer.load : { state: 'loading' };
  const setLoad = (next: Load<OrderHistory>) => setAnswer({ key, load: next });
  useEffect(() => {
    let live = true;
    orderHistory(page, pageSize).then(
      (value) => live && setLoad({ state: 'done', value }),
      (error: unknown) => {
        if (!live) return;
        // Offline, the first page the session loaded at login still shows.
        if (page === 1 && user?.orders_history.length) setLoad({ state: 'done', value: { items: user.orders_history, total_count: user.orders_total } });
        else setLoad({ state: 'failed', message: failureMessage(error, t) });
      },
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loaded once per page and attempt
  }, [page, pageSize, attempt]);
  return [load, () => setAttempt((n) => n + 1)];
}

/** The shop's answer on a placed order: its totals (what is charged) and a bank transfer's instructions. */
function shopResult(order: OrderDoc): { totals?: { subtotal_incl_tax: number; shipping_incl_tax: number; grand_total: number }; bank_transfer?: BankTransferInstructions } {
  return order.resultCode === 200 && order.result && typeof order.result === 'object' ? (order.result as ReturnType<typeof shopResult>) : {};
}

/** The totals shown: the shop's, as charged, once it has answered; the device's until then. */
function totalsOf(order: OrderDoc): OrderDoc['totals'] {
  return shopResult(order).totals ?? order.totals;
}

function orderNumber(order: OrderDoc): string {
  return order.increment_id ?? order.orderNumber ?? order.id.slice(0, 8);
}

function useMoney() {
  const { i18n } = useTranslation();
  return (amount: number, order: OrderDoc) => formatPrice(amount, order.currency, localeOf(i18n.language));
}

function StatusLabel({ order }: { order: OrderDoc }) {
  const { t } = useTranslation();
  if (!order.transmited) return <span className="account-status account-status--waiting">{t('orders.notSent', { ns: 'account' })}</span>;
  const status = order.status ?? 'pending';
  return <span className={`account-status account-status--${status}`}>{orderStatusText(t, status)}</span>;
}

export function OrdersPage() {
  const { t, i18n } = useTranslation();
  const store = useStore();
  const money = useMoney();
  const [page, setPage] = useState(1);
  const [load, retry] = useOrderPage(page);

  return (
    <>
      <h2 className="account-content__title">{t('orders.title', { ns: 'account' })}</h2>
      {load.state === 'loading' ? <p className="account-muted" aria-busy="true">{t('myAccount.loading', { ns: 'account' })}</p> : null}
      {load.state === 'failed' ? (
        <div role="alert" className="account-card">
          <p>{load.message}</p>
          <button type="button" className="button button--secondary" onClick={retry}>
            {t('actions.retry', { ns: 'account' })}
          </button>
        </div>
      ) : null}
      {load.state === 'done' && load.value.items.length === 0 ? <p className="account-muted">{t('orders.empty', { ns: 'account' })}</p> : null}
      {load.state === 'done' && load.value.items.length > 0 ? (
        <>
          <table className="account-table">
            <thead>
              <tr>
                <th scope="col">{t('orders.number', { ns: 'account' })}</th>
                <th scope="col">{t('orders.date', { ns: 'account' })}</th>
                <th scope="col">{t('orders.status', { ns: 'account' })}</th>
                <th scope="col" className="account-table__amount">{t('orders.total', { ns: 'account' })}</th>
                <th scope="col"><span className="visually-hidden">{t('orders.view', { ns: 'account' })}</span></th>
              </tr>
            </thead>
            <tbody>
              {load.value.items.map((order) => (
                <tr key={order.id}>
                  <td data-label={t('orders.number', { ns: 'account' })}>{orderNumber(order)}</td>
                  <td data-label={t('orders.date', { ns: 'account' })}>{formatDate(order.created_at, i18n.language)}</td>
                  <td data-label={t('orders.status', { ns: 'account' })}><StatusLabel order={order} /></td>
                  <td data-label={t('orders.total', { ns: 'account' })} className="account-table__amount">{money(totalsOf(order).grand_total, order)}</td>
                  <td>
                    <Link to="/$store/my-account/$" params={{ store, _splat: `orders/${encodeURIComponent(order.id)}` }} aria-label={t('orders.viewLabel', { ns: 'account', number: orderNumber(order) })}>
                      {t('orders.view', { ns: 'account' })}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager page={page} pages={Math.max(1, Math.ceil(load.value.total_count / ORDER_HISTORY_PAGE_SIZE))} onPage={setPage} />
        </>
      ) : null}
    </>
  );
}

function Pager({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  return (
    <nav className="account-pager" aria-label={t('orders.title', { ns: 'account' })}>
      <button type="button" className="button button--secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('orders.previous', { ns: 'account' })}
      </button>
      <span aria-live="polite">{t('orders.page', { ns: 'account', page, pages })}</span>
      <button type="button" className="button button--secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('orders.next', { ns: 'account' })}
      </button>
    </nav>
  );
}

function AddressBlock({ title, address }: { title: string; address: OrderAddress }) {
  return (
    <section className="account-card">
      <h3 className="account-card__title">{title}</h3>
      <address>
        {address.firstName} {address.lastName}
        <br />
        {[address.streetAddress, address.apartmentNumber].filter(Boolean).join(' ')}
        <br />
        {address.zipCode} {address.city}
        <br />
        {address.country}
      </address>
    </section>
  );
}

export function OrderPage({ orderId }: { orderId: string }) {
  const { t, i18n } = useTranslation();
  const store = useStore();
  const money = useMoney();
  // The whole history at the largest page the server gives, to find the order by id or order number.
  const [load, retry] = useOrderPage(1, 100);
  const order = load.state === 'done' ? load.value.items.find((candidate) => candidate.id === orderId || candidate.increment_id === orderId) : undefined;
  const back = (
    <Link to="/$store/my-account/$" params={{ store, _splat: 'orders' }} className="account-back">
      {t('orders.back', { ns: 'account' })}
    </Link>
  );
  if (load.state === 'loading') return <p className="account-muted" aria-busy="true">{t('myAccount.loading', { ns: 'account' })}</p>;
  if (load.state === 'failed') {
    return (
      <div role="alert" className="account-card">
        <p>{load.message}</p>
        <button type="button" className="button button--secondary" onClick={retry}>
          {t('actions.retry', { ns: 'account' })}
        </button>
      </div>
    );
  }
  if (!order) {
    return (
      <>
        {back}
        <p className="account-muted">{t('orders.notFound', { ns: 'account' })}</p>
      </>
    );
  }
  const bankTransfer = shopResult(order).bank_transfer;
  return (
    <>
      {back}
      <h2 className="account-content__title">{t('orders.orderTitle', { ns: 'account', number: orderNumber(order) })}</h2>
      <p className="account-order__meta">
        {formatDate(order.created_at, i18n.language)} · <StatusLabel order={order} />
      </p>
      <table className="account-table">
        <caption className="visually-hidden">{t('orders.items', { ns: 'account' })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('orders.items', { ns: 'account' })}</th>
            <th scope="col">{t('orders.qty', { ns: 'account' })}</th>
            <th scope="col" className="account-table__amount">{t('orders.price', { ns: 'account' })}</th>
          </tr>
        </thead>
        <tbody>
          {order.items.map((item) => (
            <tr key={`${item.sku}-${item.checksum}`}>
              <td data-label={t('orders.items', { ns: 'account' })}>
                {item.name}
                <LineOptions source={lineOptionsOf(item)} />
              </td>
              <td data-label={t('orders.qty', { ns: 'account' })}>{item.qty}</td>
              <td data-label={t('orders.price', { ns: 'account' })} className="account-table__amount">{money(shownLineTotal(item.price_incl_tax, item.qty), order)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="account-totals">
        <dt>{t('orders.subtotal', { ns: 'account' })}</dt>
        <dd>{money(totalsOf(order).subtotal_incl_tax, order)}</dd>
        <dt>{t('orders.shipping', { ns: 'account' })}</dt>
        <dd>{money(totalsOf(order).shipping_incl_tax, order)}</dd>
        <dt>{t('orders.total', { ns: 'account' })}</dt>
        <dd>{money(totalsOf(order).grand_total, order)}</dd>
      </dl>
      {/* An order the shop has (an answered one) has an invoice the customer can have mailed (spec 2 §7 send-invoice). */}
      {order.transmited && order.resultCode === 200 ? <SendInvoiceButton orderId={order.id} /> : null}
      {bankTransfer && (order.status === 'pending' || order.status === 'pending_payment' || order.status === undefined) ? <BankTransferDetails instructions={bankTransfer} /> : null}
      <div className="account-addresses account-addresses--two">
        <AddressBlock title={t('orders.shippingAddress', { ns: 'account' })} address={order.shippingAddress} />
        <AddressBlock title={t('orders.billingAddress', { ns: 'account' })} address={order.billingAddress} />
      </div>
    </>
  );
}
