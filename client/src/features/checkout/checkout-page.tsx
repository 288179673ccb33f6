/**
 * The internal checkout page (spec 2 §1): the four steps one under the other, the current one open, the finished ones
 * summarised with an Edit link, and the order beside them (above them on a phone). Field values come from and go to the
 * checkout draft; the checkout machine decides the step; the orders runtime writes and watches the order. An order
 * whose payment did not succeed stays on this page (or is found again when the shopper comes back to it) to be paid
 * again or taken back into the cart.
 */
import type { CurrencyCode, StoreCode } from '@shop/shared';
import { DEFAULT_SHIPPING_METHOD, type ShippingMethod } from '@shop/shared/cart/totals';
import { shownLineTotal, type CartLineDoc } from '@shop/shared/cart/index';
import { currencyForCountry } from '@shop/shared/location/location';
import { DEFAULT_CURRENCY_RATES } from '@shop/shared/location/currency-prices';
import { marketAmount } from '@shop/shared/location/market';
import { draftSectionValues } from '@shop/shared/sync/checkout-draft';
import type { CheckoutDraftDoc } from '@shop/shared/sync/checkout-draft.schema';
import type { OrderDoc } from '@shop/shared/sync/order.schema';
import {
  DEFAULT_OFFLINE_PAYMENT_MAX,
  DEFAULT_PAYMENT_MAPPING,
  DEFAULT_PO_NUMBER,
  offerPaymentMethods,
  paymentAllowedForTotal,
  PURCHASE_ORDER_CODE,
  type OfferedPaymentMethod,
} from '@shop/shared/orders/payment-methods';
import { shippingMethodsFor, SHIP_TO_COUNTRIES } from '@shop/shared/orders/shipping';
import { totalChangedSince } from './total-changed.ts';
import { shopperLocale } from '@shop/shared/stores/shopper-locale';
import { STORE_VIEWS } from '@shop/shared/stores/stores';
import { SERVICE_PAGES } from '@shop/shared/content/service-pages';
import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import i18next, { type TFunction } from 'i18next';
import { fromCallback, fromPromise } from 'xstate';
import { useTranslation } from '../../app/i18n.ts';
import { useStore, useStoreView as useStoreViewI18n } from '../../app/store-context.tsx';
import { useDocumentTitle } from '../../ui/use-document-title.ts';
import { readUser, useSessionUser } from '../account/session-store.ts';
import { useFormatPrice } from '../catalogue/price-tag.tsx';
import { ProductImage } from '../catalogue/product-image.tsx';
import type { CartRuntime } from '../cart/cart-runtime.ts';
import { cartLineOptions, LineOptions } from '../cart/line-options.tsx';
import { useCartLines, useCartRuntime, useServerTotals } from '../cart/use-cart.ts';
import type { ServerCartTotals } from '../cart/cart-api.ts';
import { localCartTotals, useCartPrices, type CartPrices } from '../cart/cart-prices.ts';
import { rememberedLocation, setShipToMarket, shopRate, useShopperMarket } from '../location/shopper-country.ts';
import { Skeleton } from '../../ui/skeleton.tsx';
import { CheckoutSkeleton } from './checkout-skeleton.tsx';
import { exposeToDevtools } from '../devtools/devtools-registry.ts';
import { useOnlineStatus } from '../offline/use-online-status.ts';
import type { OrderDraft } from '../orders/order-documents.ts';
import { LAST_ORDER_KEY } from '../orders/orders-config.ts';
import { readLastOrder, startOrders, type OrdersRuntime } from '../orders/orders-runtime.ts';
import { PlacedOrderLines } from '../orders/placed-order-lines.tsx';
import { methodKey, paymentMethods as fetchPaymentMethods, shippingMethods as fetchShippingMethods } from './checkout-api.ts';
import { checkoutConfig, storeCountryFor } from './checkout-config.ts';
import { DRAFT_ID, personalToShipping, profileFill, storeCountryPreset, watchDraft, writeDraftFields, type DraftsCollection, type FieldWrite } from './checkout-draft-store.ts';
import { personalProblems, paymentProblems, shippingProblems, type AddressValues, type Problems } from './checkout-fields.ts';
import { focusFirstProblem, SelectField, TextField, useEditedValue, usePickedValue, type FieldState } from './checkout-fields-ui.tsx';
import { BankTransferDetails } from '../payment/bank-transfer-details.tsx';
import { PaymentMark } from '../payment/payment-marks.tsx';
import { readUnpaidOrder, rememberUnpaidOrder } from '../payment/unpaid-order-store.ts';
import { UnpaidOrder } from '../order-status/pay-again.tsx';
import { rememberAccountNotice } from './account-notice-store.ts';
import { AccountNotCreated, createAccountAfterOrder, type AccountNotice } from './checkout-account.tsx';
import { checkoutMachine, CHECKOUT_STEPS, type CheckoutError, type CheckoutResume, type CheckoutStep, type PaymentOutcome, type PlacedOrderSummary } from './checkout.machine.ts';
import { useCheckoutTexts } from './checkout-texts.ts';
import { NotShippableAlert, useNotShippable } from './shipping-restrictions.tsx';
import type { ShippableProduct } from '@shop/shared/orders/allowed-countries';
import './checkout.css';
import { inspectActor } from '../devtools/inspection.ts';
import { isShopOnline } from '../../app/network.ts';

type Section = 'personalDetails' | 'shippingDetails' | 'paymentDetails';
type Values = Record<string, string | boolean | undefined>;

function useDraft(runtime: CartRuntime | null): CheckoutDraftDoc | null {
  const [draft, setDraft] = useState<CheckoutDraftDoc | null>(null);
  useEffect(() => {
    if (!runtime) return;
    const subscription = watchDraft(runtime.database.collections.checkoutDrafts as unknown as DraftsCollection).subscribe(setDraft);
    return () => subscription.unsubscribe();
  }, [runtime]);
  return draft;
}

function useOrdersRuntime(runtime: CartRuntime | null): OrdersRuntime | null {
  const [orders, setOrders] = useState<OrdersRuntime | null>(null);
  useEffect(() => {
    if (runtime) void startOrders(runtime).then(setOrders);
  }, [runtime]);
  return orders;
}

function NewTabIcon() {
  return (
    <svg width="12" height="12" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 01-1 1H5a1 1 0 01-1-1V7a1 1 0 011-1h5" />
    </svg>
  );
}

function countryNames(language: string): (code: string) => string {
  try {
    const names = new Intl.DisplayNames([language], { type: 'region' });
    return (code) => names.of(code) ?? code;
  } catch {
    return (code) => code;
  }
}

export function CheckoutPage() {
  const ready = useCheckoutTexts();
  const { runtime } = useCartRuntime();
  const orders = useOrdersRuntime(runtime);
  // The local database (the cart's chunk), the orders and the texts load: the checkout's shape meanwhile.
  if (!ready || !runtime || !orders) return <CheckoutSkeleton />;
  return <Checkout runtime={runtime} orders={orders} />;
}

function Checkout({ runtime, orders }: { runtime: CartRuntime; orders: OrdersRuntime }) {
  const { t, i18n } = useTranslation();
  const store = useStore();
  const online = useOnlineStatus();
  const lines = useCartLines(runtime);
  const draft = useDraft(runtime);
  const drafts = runtime.database.collections.checkoutDrafts as unknown as DraftsCollection;
  const [countries, setCountries] = useState<readonly string[]>(SHIP_TO_COUNTRIES);
  const [countriesKnown, setCountriesKnown] = useState(false);
  const [offlineMax, setOfflineMax] = useState<number | null>(DEFAULT_OFFLINE_PAYMENT_MAX);
  const [sameAsShipping, setSameAsShipping] = useState(true);
  const [password, setPassword] = useState('');
  const [terms, setTerms] = useState(false);
  useDocumentTitle(t('title', { ns: 'checkout' }), STORE_VIEWS[store].name ?? 'Shop');

  const token = useSelector(runtime.connection, (snapshot) => snapshot.context.token);
  const shippingValues = draft ? (draftSectionValues(draft, 'shippingDetails') as Values) : {};
  const notShippable = useNotShippable(store, lines, typeof shippingValues.country === 'string' ? shippingValues.country : undefined);
  const country = typeof shippingValues.country === 'string' ? shippingValues.country : '';
  const [fetchedShipping, setFetchedShipping] = useState<{ country: string; methods: ShippingMethod[] } | null>(null);
  useEffect(() => {
    if (!token || !online || !country) return;
    let live = true;
    fetchShippingMethods(token, country).then(
      (methods) => live && setFetchedShipping({ country, methods }),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [token, online, country]);
  // Offline (or before the answer) the shared rule gives the same methods the server would.
  const shipping = useMemo(
    () => (fetchedShipping && fetchedShipping.country === country ? fetchedShipping.methods : shippingMethodsFor(country || null, { countries })),
    [fetchedShipping, country, countries],
  );
  // The shipping country is the shopper's country from now on: every price (this tab's and every other's) follows its
  // currency and VAT, as the order will be priced where it ships.
  useEffect(() => {
    const code = country.trim().toUpperCase();
    if (!/^[A-Z]{2}$/.test(code)) return;
    const currency = currencyForCountry(code);
    setShipToMarket({ country: code, currency, rate: shopRate(currency) ?? DEFAULT_CURRENCY_RATES[currency] });
  }, [country]);
  const itemTypes = (lines ?? []).map((line) => line.type_id).join(',');
  const [fetchedPayments, setFetchedPayments] = useState<OfferedPaymentMethod[] | null>(null);
  // The cart token whose payment methods could not be fetched (a new token asks again).
  const [paymentsFailedFor, setPaymentsFailedFor] = useState<string | null>(null);
  const paymentsFailed = token !== null && paymentsFailedFor === token;
  useEffect(() => {
    if (!token || !online) return;
    let live = true;
    fetchPaymentMethods(token, store).then(
      (methods) => live && setFetchedPayments(methods),
      () => live && setPaymentsFailedFor(token),
    );
    return () => {
      live = false;
    };
  }, [token, online, itemTypes, store]);
  // The shop's answer says which online methods its payment provider takes. Until it is in, online, the methods are
  // loading; offline (or without an answer) only the methods that need no payment provider are offered.
  const waitForShop = online && token !== null && !paymentsFailed;
  const allPayments = useMemo(
    () => fetchedPayments ?? (waitForShop ? null : offerPaymentMethods({ mapping: DEFAULT_PAYMENT_MAPPING, itemTypes: itemTypes.split(',').filter(Boolean), store })),
    [fetchedPayments, waitForShop, itemTypes, store],
  );
  // The order's totals as the shop prices them for the shopper's country (its currency and VAT) and the chosen methods.
  const market = useShopperMarket();
  const chosenShipping = shipping.find((m) => methodKey(m) === (shippingValues.shippingMethod as string)) ?? shipping[0];
  const chosenPayment = draft ? (allPayments ?? []).find((m) => m.code === draftSectionValues(draft, 'paymentDetails').paymentMethod) : undefined;
  const methods = { shippingCarrierCode: chosenShipping?.carrier_code, shippingMethodCode: chosenShipping?.method_code, paymentMethod: chosenPayment?.code };
  const methodsKey = `${methods.shippingCarrierCode ?? ''}_${methods.shippingMethodCode ?? ''}|${methods.paymentMethod ?? ''}`;
  const { totals: server } = useServerTotals(runtime, token, lines, store, online, 0, market?.country ?? null, methods);
  const prices = useCartPrices(lines, server);
  const local = lines ? localCartTotals(lines, prices) : undefined;
  const shownTotals = orderTotalsShown(server, local, prices, chosenShipping, chosenPayment);
  // Cheque and cash on delivery only up to the shop's limit (PAYMENT_OFFLINE_MAX, euros incl. VAT), by the total the
  // shopper sees: also offline, and while the shop's cart has not caught up with this one (the server refuses such an
  // order anyway, with its message).
  const baseTotal = shownTotals ? shownTotals.grand_total / (shopRate(prices.currency) ?? DEFAULT_CURRENCY_RATES[prices.currency] ?? 1) : null;
  const payments = useMemo(
    () => (allPayments && baseTotal !== null ? allPayments.filter((method) => paymentAllowedForTotal(method.code, baseTotal, offlineMax)) : allPayments),
    [allPayments, baseTotal, offlineMax],
  );
  const shown = shownTotals ? { total: shownTotals.grand_total, currency: prices.currency, country: market?.country ?? '', methods: methodsKey } : null;
  // The total the shopper last saw: the first shown, followed silently when the shopper picks other methods (they see
  // the new costs as they pick), never when the prices' country or the prices themselves changed (see onPlace).
  const [seen, setSeen] = useState<typeof shown>(null);
  const [changed, setChanged] = useState<{ from: NonNullable<typeof shown>; to: NonNullable<typeof shown> } | null>(null);
  // Adjusted while rendering (React's way to follow a value): once per change, as `seen` then matches.
  if (shown && (seen === null || (seen.methods !== shown.methods && seen.currency === shown.currency && seen.country === shown.country))) setSeen(shown);
  // The latest values for the actors, which run outside React.
  const latest = useRef<Latest>({ lines, draft, password, shipping, payments, sameAsShipping, online, prices, shownTotals });
  useLayoutEffect(() => {
    latest.current = { lines, draft, password, shipping, payments, sameAsShipping, online, prices, shownTotals };
  });
  const read = useCallback(() => latest.current, []);
  // The actors call `read` when they run (after a click), never while rendering.
  // eslint-disable-next-line react-hooks/refs -- see above
  const [machine] = useState(() => provideCheckout({ read, orders, drafts, store, setPassword, t }));
  const actor = useActorRef(machine, { input: { countries }, inspect: inspectActor });
  useEffect(() => exposeToDevtools('checkout', actor), [actor]);
  const state = useSelector(actor, (snapshot) => snapshot);

  // The entry guard and its lifting: the cart's lines as the local database has them. An empty cart may be the one an
  // order was placed from: that order (waiting to be sent, or waiting for its payment) is shown instead.
  useEffect(() => {
    if (lines === null) return;
    if (lines.length > 0) {
      actor.send({ type: 'cart.loaded', empty: false });
      return;
    }
    let live = true;
    void resumeOf(orders, store).then((resume) => live && actor.send({ type: 'cart.loaded', empty: true, resume }));
    return () => {
      live = false;
    };
  }, [actor, lines, orders, store]);

  // Back from the provider's page out of the browser's cache: the order is shown unpaid, not "Placing your order…".
  useEffect(() => {
    const listener = (event: PageTransitionEvent) => {
      if (event.persisted) actor.send({ type: 'page.restored' });
    };
    window.addEventListener('pageshow', listener);
    return () => window.removeEventListener('pageshow', listener);
  }, [actor]);

  useEffect(() => {
    let live = true;
    void checkoutConfig(store).then(
      (config) => {
        if (!live) return;
        setCountries(config.shipToCountries);
        setCountriesKnown(true);
        if (config.offlinePaymentMax !== undefined) setOfflineMax(config.offlinePaymentMax);
        actor.send({ type: 'countries.loaded', countries: config.shipToCountries });
      },
      () => live && setCountriesKnown(true),
    );
    return () => {
      live = false;
    };
  }, [actor, store]);

  // A customer's profile fills what nobody typed yet; then the shopper's country (the location's), else the store's,
  // when the shop ships there.
  const prefilled = useRef(false);
  useEffect(() => {
    if (!draft || !countriesKnown || prefilled.current) return;
    prefilled.current = true;
    const profile = readUser()?.current;
    const writes = profile ? profileFill(draft, profile) : [];
    const located = rememberedLocation()?.country_code;
    const preset = located && countries.includes(located) ? located : storeCountryFor(store, countries);
    void writeDraftFields(drafts, [...writes, ...storeCountryPreset(draft, writes, preset)]);
    // Once, when the draft and the ship-to countries are first known.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draft, drafts, countriesKnown]);

  // Entering Shipping: the name and phone of Personal Details fill its empty fields.
  const onShipping = state.matches({ editing: 'shipping' });
  useEffect(() => {
    if (onShipping && draft) void writeDraftFields(drafts, personalToShipping(draft));
    // Once per entry into the step: later draft changes are the shopper's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [onShipping, drafts]);

  // Another tab placed this checkout: its confirmation shows here too.
  useEffect(() => {
    const listener = (event: StorageEvent) => {
      if (event.key !== LAST_ORDER_KEY) return;
      const last = readLastOrder();
      if (last) actor.send({ type: 'order.placedElsewhere', order: { orderId: last.orderId, incrementId: last.incrementId, email: last.email, paymentRequired: false } });
    };
    window.addEventListener('storage', listener);
    return () => window.removeEventListener('storage', listener);
  }, [actor]);

  // The thank-you page sends orders made offline by itself when the connection returns (spec 2 §4).
  const onThankYou = state.matches('confirmation');
  useEffect(() => {
    if (!onThankYou) return;
    orders.transmission.send({ type: 'thankYou.enter' });
    return () => orders.transmission.send({ type: 'thankYou.leave' });
  }, [onThankYou, orders]);

  const step: CheckoutStep | null = state.matches('editing') ? (Object.values(state.value)[0] as CheckoutStep) : null;
  const busy = state.matches('placing') || state.matches('awaitingResult') || state.matches('finishing') || state.matches('paying') || state.matches('redirecting') || state.matches('queuing');

  if (state.matches('loading') || draft === null) return <CheckoutSkeleton />;
  if (state.matches('emptyCart')) return <EmptyCart store={store} />;
  const retrying = state.context.retryMethod !== null && (state.matches('paying') || state.matches('redirecting'));
  if (state.matches('unpaid') || retrying) {
    const order = state.context.order;
    if (order?.token && order.hash) {
      return (
        <div className="checkout container checkout--message">
          {state.context.account ? <AccountNotCreated notice={state.context.account} /> : null}
          <UnpaidOrder
            token={order.token}
            hash={order.hash}
            store={store}
            incrementId={order.incrementId}
            busy={retrying}
            notice={state.context.error ? errorText(t, state.context.error) : null}
            onPay={(method) => actor.send({ type: 'payment.retry', method })}
          />
        </div>
      );
    }
    return <Confirmation store={store} order={order} queued={false} error={state.context.error ?? { key: 'checkout.paymentFailed' }} ordered={null} account={state.context.account} />;
  }
  if (state.matches('confirmation')) {
    const placedId = state.context.order?.orderId ?? state.context.orderId;
    const ordered = placedId && !state.matches({ confirmation: 'failed' }) ? <PlacedOrderLines orders={orders.orders} orderId={placedId} title={t('yourOrder', { ns: 'checkout' })} /> : null;
    return (
      <Confirmation
        store={store}
        order={state.context.order}
        queued={state.matches({ confirmation: 'queued' })}
        error={state.matches({ confirmation: 'failed' }) ? state.context.error : null}
        ordered={ordered}
        account={state.context.account}
      />
    );
  }

  const write = (section: Section, field: string, value: unknown) => void writeDraftFields(drafts, [{ section, field, value } as FieldWrite]);
  const names = countryNames(i18n.language);
  const current = step ?? 'summary';
  const doneIndex = CHECKOUT_STEPS.indexOf(current);

  return (
    <div className="checkout container">
      <header className="checkout__header">
        <h1 className="checkout__title">{t('title', { ns: 'checkout' })}</h1>
      </header>
      <ol className="checkout__progress" aria-label={t('progress', { ns: 'checkout' })}>
        {CHECKOUT_STEPS.map((name, index) => (
          <li key={name} className={`checkout__progress-step${index === doneIndex ? ' is-current' : index < doneIndex ? ' is-done' : ''}`} aria-current={index === doneIndex ? 'step' : undefined}>
            <span className="checkout__progress-number" aria-hidden="true">
              {index + 1}
            </span>
            <span className="checkout__progress-label">{t(`steps.${name}`, { ns: 'checkout' })}</span>
          </li>
        ))}
      </ol>
      {!online ? (
        <p className="checkout__offline" role="status">
          {t('offline.banner', { ns: 'checkout' })}
        </p>
      ) : null}
      <div className="checkout__layout">
        <div className="checkout__steps">
          <StepSection index={0} step="personalDetails" current={current} onEdit={() => actor.send({ type: 'step.edit', step: 'personalDetails' })} summary={<PersonalSummary draft={draft} />}>
            <PersonalStep
              draft={draft}
              password={password}
              onPassword={setPassword}
              problems={state.context.problems}
              onWrite={(field, value) => write('personalDetails', field, value)}
              onSubmit={(values) => actor.send({ type: 'personal.submit', values: { ...values, password } })}
            />
          </StepSection>
          <StepSection index={1} step="shipping" current={current} onEdit={() => actor.send({ type: 'step.edit', step: 'shipping' })} summary={<AddressSummary values={shippingValues} names={names} />}>
            <ShippingStep
              draft={draft}
              countries={countries}
              names={names}
              methods={shipping}
              notShippable={notShippable}
              problems={state.context.problems}
              onWrite={(field, value) => write('shippingDetails', field, value)}
              onBack={() => actor.send({ type: 'step.back' })}
              onSubmit={(values) => actor.send({ type: 'shipping.submit', values })}
            />
          </StepSection>
          <StepSection index={2} step="payment" current={current} onEdit={() => actor.send({ type: 'step.edit', step: 'payment' })} summary={<PaymentSummary draft={draft} methods={payments ?? []} />}>
            <PaymentStep
              draft={draft}
              names={names}
              countries={countries}
              methods={payments}
              sameAsShipping={sameAsShipping}
              onSameAsShipping={setSameAsShipping}
              problems={state.context.problems}
              onWrite={(field, value) => write('paymentDetails', field, value)}
              onBack={() => actor.send({ type: 'step.back' })}
              onSubmit={(values) => actor.send({ type: 'payment.submit', values, sameAsShipping })}
            />
          </StepSection>
          <StepSection index={3} step="summary" current={current} onEdit={() => {}} summary={null}>
            <SummaryStep
              terms={terms}
              onTerms={setTerms}
              problems={state.context.problems}
              error={state.context.error}
              busy={busy}
              online={online}
              onBack={() => actor.send({ type: 'step.back' })}
              changed={changed}
              onPlace={() => {
                // The total changed since the shopper last saw it (another country's prices, new prices): say so, with
                // the old and the new total, and let the next press place the order.
                if (shown && seen && totalChangedSince(seen, shown)) {
                  setChanged({ from: seen, to: shown });
                  setSeen(shown);
                  return;
                }
                setChanged(null);
                actor.send({ type: 'order.place', termsAccepted: terms });
              }}
            />
          </StepSection>
        </div>
        <OrderSummary lines={lines ?? []} shipping={chosenShipping} prices={prices} totals={shownTotals} server={server} />
      </div>
    </div>
  );
}

interface Latest {
  lines: CartLineDoc[] | null;
  draft: CheckoutDraftDoc | null;
  password: string;
  shipping: ShippingMethod[];
  payments: OfferedPaymentMethod[] | null;
  sameAsShipping: boolean;
  online: boolean;
  prices: CartPrices;
  shownTotals: ShownTotals | null;
}

interface CheckoutDeps {
  read: () => Latest;
  orders: OrdersRuntime;
  drafts: DraftsCollection;
  store: StoreCode;
  setPassword: (value: string) => void;
  t: TFunction;
}

/** The checkout machine with its I/O: the order written and watched, the after-order steps, the payment hand-over. */
function provideCheckout({ read, orders, drafts, store, setPassword, t }: CheckoutDeps) {
  // The placed order as the after-order steps found it: a guest device forgets its placed orders in those steps, and
  // the payment still needs its amount and method.
  const placed = new Map<string, OrderDoc>();
  return checkoutMachine.provide({
      actors: {
        placeOrder: fromPromise(async () => {
          const now = read();
          const order = { ...orderDraft(now.draft, store, now.shipping, now.payments, now.sameAsShipping), ...shownOf(now) };
          return orders.place(now.lines ?? [], order, { online: isShopOnline(), now: Date.now() });
        }),
        watchOrder: fromCallback(({ input, sendBack }: { input: { orderId: string }; sendBack: (event: never) => void }) =>
          orders.watch(input.orderId, (order) => {
            if (order) sendBack({ type: 'order.updated', order } as never);
          }),
        ),
        afterOrder: fromPromise(async ({ input }: { input: { orderId: string; queued: boolean } }): Promise<AccountNotice | null> => {
          if (input.queued) {
            await orders.finish({ id: input.orderId, queued: true });
            return null;
          }
          const doc = (await orders.orders.findOne(input.orderId).exec())?.toJSON() as OrderDoc | undefined;
          if (doc) placed.set(doc.id, doc);
          const current = read().draft;
          const personal = current ? draftSectionValues(current, 'personalDetails') : {};
          // createAccount (spec 2 §4): the account is made with the password held in this tab only, then both go. An
          // account that could not be made leaves the order as placed; the confirmation says why.
          let account: AccountNotice | null = null;
          try {
            if (personal.createAccount && !readUser()) {
              const secret = read().password;
              if (secret && personal.emailAddress && personal.firstName && personal.lastName) {
                // The order token the shop answered lets the new account take the order it is made with (My orders).
                const orderToken = (doc?.result as { order_token?: unknown } | undefined)?.order_token;
                const claim = doc && typeof orderToken === 'string' ? { orders: [{ id: doc.id, token: orderToken }] } : {};
                const customer = { email: personal.emailAddress.trim(), firstname: personal.firstName.trim(), lastname: personal.lastName.trim() };
                account = await createAccountAfterOrder({ customer, password: secret, ...claim }, store);
                // A shopper sent on to the payment provider reads it on the order-status page they come back to.
                if (account) rememberAccountNotice(input.orderId, account);
              }
              setPassword('');
              await writeDraftFields(drafts, [{ section: 'personalDetails', field: 'createAccount', value: false }]);
            }
          } finally {
            // The order's own steps run whatever became of the account.
            if (doc) await orders.finish(doc as never);
          }
          return account;
        }),
        startPayment: fromPromise(async ({ input }: { input: { order: PlacedOrderSummary; method: string | null } }): Promise<PaymentOutcome> => {
          const { order } = input;
          const doc = placed.get(order.orderId) ?? ((await orders.orders.findOne(order.orderId).exec())?.toJSON() as OrderDoc | undefined);
          const { startPayment } = await import('../payment/start-payment.ts');
          const total = (doc?.result as { totals?: { grand_total?: number; currency?: string } } | undefined)?.totals;
          const grandTotal = order.grandTotal ?? total?.grand_total ?? doc?.totals.grand_total;
          const currency = order.currency ?? total?.currency ?? doc?.currency ?? 'EUR';
          // Until it is paid, this order is what the checkout shows when the shopper comes back to it.
          if (order.token && order.hash) {
            rememberUnpaidOrder({ orderId: order.orderId, incrementId: order.incrementId, email: order.email, store, token: order.token, hash: order.hash, currency, at: Date.now(), ...(grandTotal === undefined ? {} : { grandTotal }) });
          }
          const ordered = doc?.paymentMethod.code ?? '';
          const method = input.method ?? ordered;
          const issuer = method === ordered ? doc?.paymentMethod.additional?.issuer : undefined;
          return startPayment(
            {
              orderId: order.orderId,
              incrementId: order.incrementId,
              storeCode: store,
              currency,
              amount: grandTotal ?? 0,
              method,
              ...(issuer ? { issuer } : {}),
              description: t('paymentDescription', { ns: 'checkout', number: order.incrementId }),
              // The order's token from the shop's answer proves to the payment calls that the order is this shopper's.
              ...(order.token ? { orderToken: order.token } : {}),
              ...(order.hash ? { statusHash: order.hash } : {}),
            },
            // A payment that could not be made leaves the shopper here, with the order to pay again or take back.
            { errorUrl: `/${store}/checkout` },
          );
        }),
      },
    });
}

/** What a checkout opened with an empty cart picks up: the newest order waiting to be sent, else the unpaid one. */
async function resumeOf(orders: OrdersRuntime, store: StoreCode): Promise<CheckoutResume | null> {
  const waiting = await orders.orders.find({ selector: { transmited: false } }).exec();
  const newest = waiting.map((doc) => doc.toJSON()).sort((a, b) => b.created_at - a.created_at)[0];
  if (newest) return { kind: 'queued', orderId: newest.id };
  const unpaid = readUnpaidOrder();
  if (!unpaid || unpaid.store !== store) return null;
  return {
    kind: 'unpaid',
    order: {
      orderId: unpaid.orderId,
      incrementId: unpaid.incrementId,
      email: unpaid.email,
      paymentRequired: true,
      token: unpaid.token,
      hash: unpaid.hash,
      ...(unpaid.grandTotal === undefined ? {} : { grandTotal: unpaid.grandTotal, currency: unpaid.currency ?? 'EUR' }),
    },
  };
}

/** The order the shop receives, from the draft (billing = shipping unless the shopper gave another). */
function orderDraft(draft: CheckoutDraftDoc | null, store: StoreCode, shipping: ShippingMethod[], payments: OfferedPaymentMethod[] | null, sameAsShipping: boolean): OrderDraft {
  const personal = draft ? draftSectionValues(draft, 'personalDetails') : {};
  const ship = draft ? draftSectionValues(draft, 'shippingDetails') : {};
  const pay = draft ? draftSectionValues(draft, 'paymentDetails') : {};
  const address = (values: AddressValues & { taxId?: string | undefined }) => ({
    firstName: (values.firstName ?? '').trim(),
    lastName: (values.lastName ?? '').trim(),
    country: (values.country ?? '').trim().toUpperCase(),
    streetAddress: (values.streetAddress ?? '').trim(),
    city: (values.city ?? '').trim(),
    zipCode: (values.zipCode ?? '').trim(),
    ...(values.apartmentNumber?.trim() ? { apartmentNumber: values.apartmentNumber.trim() } : {}),
    ...(values.state?.trim() ? { state: values.state.trim() } : {}),
    ...(values.phoneNumber?.trim() ? { phoneNumber: values.phoneNumber.trim() } : {}),
    ...(values.company?.trim() ? { company: values.company.trim() } : {}),
    ...(values.vatId?.trim() ? { vatId: values.vatId.trim() } : {}),
    ...(values.taxId?.trim() ? { taxId: values.taxId.trim() } : {}),
  });
  const shippingAddress = address(ship);
  const billingAddress = sameAsShipping ? { ...shippingAddress, ...(pay.taxId?.trim() ? { taxId: pay.taxId.trim() } : {}) } : address(pay);
  const method = shipping.find((m) => methodKey(m) === ship.shippingMethod) ?? shipping[0] ?? DEFAULT_SHIPPING_METHOD;
  const payment = (payments ?? []).find((m) => m.code === pay.paymentMethod);
  const extra = pay.paymentMethodAdditional ?? {};
  return {
    ...shopperLocale(store, i18next.language),
    currency: 'EUR',
    personal: {
      firstName: personal.firstName ?? '',
      lastName: personal.lastName ?? '',
      emailAddress: personal.emailAddress ?? '',
      ...(personal.phoneNumber ? { phoneNumber: personal.phoneNumber } : {}),
    },
    shipping: shippingAddress,
    billing: billingAddress,
    shippingMethod: method,
    payment: { code: pay.paymentMethod ?? '', costInclTax: payment?.cost_incl_tax ?? 0, ...(extra.issuer ? { additional: { issuer: extra.issuer } } : {}) },
    ...(extra.po_number !== undefined ? { poNumber: extra.po_number } : {}),
    ...(extra.comment ? { comment: extra.comment } : {}),
  };
}

function StepSection({ index, step, current, onEdit, summary, children }: { index: number; step: CheckoutStep; current: CheckoutStep; onEdit: () => void; summary: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  const position = CHECKOUT_STEPS.indexOf(current);
  const open = step === current;
  const done = index < position;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const wasOpen = useRef(open);
  useEffect(() => {
    // Moving to a step brings the shopper (and a screen reader) to its heading.
    if (open && !wasOpen.current) headingRef.current?.focus();
    wasOpen.current = open;
  }, [open]);
  return (
    <section className={`checkout-step${open ? ' is-open' : ''}${done ? ' is-done' : ''}`} aria-labelledby={`step-${step}`}>
      <div className="checkout-step__head">
        <h2 id={`step-${step}`} className="checkout-step__title" tabIndex={-1} ref={headingRef}>
          <span className="checkout-step__number" aria-hidden="true">
            {done ? '✓' : index + 1}
          </span>
          {t(`steps.${step}`, { ns: 'checkout' })}
        </h2>
        {done && step !== 'summary' && current === 'summary' ? (
          <button type="button" className="link-button checkout-step__edit" onClick={onEdit} aria-label={t('editStep', { ns: 'checkout', step: t(`steps.${step}`, { ns: 'checkout' }) })}>
            {t('edit', { ns: 'checkout' })}
          </button>
        ) : null}
      </div>
      {open ? <div className="checkout-step__body">{children}</div> : done && summary ? <div className="checkout-step__summary">{summary}</div> : null}
    </section>
  );
}

function useFieldState(problems: Problems): [FieldState, (name: string) => void, () => void] {
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  return [{ touched, submitted, problems }, (name) => setTouched((current) => new Set(current).add(name)), () => setSubmitted(true)];
}

function useSubmit(valuesProblems: Problems, onSubmit: () => void) {
  const formRef = useRef<HTMLFormElement>(null);
  const [state, touch, submitted] = useFieldState(valuesProblems);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    submitted();
    onSubmit();
    // After React shows the messages: the first field in error gets the focus.
    requestAnimationFrame(() => focusFirstProblem(formRef.current));
  };
  return { formRef, state, touch, submit };
}

function PersonalStep({ draft, password, onPassword, problems, onWrite, onSubmit }: { draft: CheckoutDraftDoc; password: string; onPassword: (value: string) => void; problems: Problems; onWrite: (field: string, value: unknown) => void; onSubmit: (values: Values) => void }) {
  const { t } = useTranslation();
  // A logged-in customer has an account: "create an account" is neither offered nor acted on (a guest's earlier tick stays in the draft).
  const loggedIn = useSessionUser() !== null;
  const values = { ...draftSectionValues(draft, 'personalDetails'), ...(loggedIn ? { createAccount: false } : {}) };
  const live = personalProblems({ ...values, password });
  const { formRef, state, touch, submit } = useSubmit({ ...live, ...pick(problems, live) }, () => onSubmit(values as Values));
  const field = (name: keyof typeof values & string, autoComplete: string, type: 'text' | 'email' | 'tel' = 'text') => (
    <TextField id={`personal-${name}`} name={name} label={t(`fields.${name}`, { ns: 'checkout' })} value={String(values[name] ?? '')} state={state} onChange={(value) => onWrite(name, value)} onBlur={touch} type={type} autoComplete={autoComplete} />
  );
  return (
    <form ref={formRef} className="checkout-form" noValidate onSubmit={submit}>
      <div className="checkout-grid">
        {field('firstName', 'given-name')}
        {field('lastName', 'family-name')}
        {field('emailAddress', 'email', 'email')}
        {field('phoneNumber', 'tel', 'tel')}
      </div>
      {!loggedIn ? (
        <label className="checkout-check">
          <input type="checkbox" checked={values.createAccount === true} onChange={(event) => onWrite('createAccount', event.target.checked)} />
          <span>{t('fields.createAccount', { ns: 'checkout' })}</span>
        </label>
      ) : null}
      {values.createAccount ? (
        <div className="checkout-grid">
          <TextField id="personal-password" name="password" label={t('fields.password', { ns: 'checkout' })} value={password} state={state} onChange={onPassword} onBlur={touch} type="password" autoComplete="new-password" hint={t('fields.passwordHint', { ns: 'checkout' })} />
        </div>
      ) : null}
      <div className="checkout-actions">
        <button type="submit" className="button">
          {t('continueTo', { ns: 'checkout', step: t('steps.shipping', { ns: 'checkout' }) })}
        </button>
      </div>
    </form>
  );
}

function pick(problems: Problems, live: Problems): Problems {
  // The machine's verdict on submit and the live check agree; the live one follows the typing.
  return Object.fromEntries(Object.entries(problems).filter(([name]) => name in live));
}

function AddressFields({ prefix, values, state, touch, onWrite, countries, names }: { prefix: string; values: Values; state: FieldState; touch: (name: string) => void; onWrite: (field: string, value: unknown) => void; countries: readonly string[]; names: (code: string) => string }) {
  const { t } = useTranslation();
  const text = (name: string, autoComplete: string, options: { optional?: boolean; type?: 'text' | 'tel'; wide?: boolean } = {}) => (
    <TextField
      id={`${prefix}-${name}`}
      name={name}
      label={t(`fields.${name}`, { ns: 'checkout' })}
      value={String(values[name] ?? '')}
      state={state}
      onChange={(value) => onWrite(name, value)}
      onBlur={touch}
      // A section names an address's part ("shipping street-address"); "off" stands alone (a VAT number has no token).
      autoComplete={autoComplete === 'off' ? 'off' : `${prefix === 'billing' ? 'billing' : 'shipping'} ${autoComplete}`}
      optional={options.optional ?? false}
      type={options.type ?? 'text'}
      wide={options.wide ?? false}
    />
  );
  return (
    <div className="checkout-grid">
      {text('firstName', 'given-name')}
      {text('lastName', 'family-name')}
      {text('company', 'organization', { optional: true, wide: true })}
      {text('streetAddress', 'address-line1')}
      {text('apartmentNumber', 'address-line2', { optional: true })}
      {text('zipCode', 'postal-code')}
      {text('city', 'address-level2')}
      {text('state', 'address-level1', { optional: true })}
      <SelectField id={`${prefix}-country`} name="country" label={t('fields.country', { ns: 'checkout' })} value={String(values.country ?? '')} state={state} onChange={(value) => onWrite('country', value)} onBlur={touch} autoComplete={`${prefix === 'billing' ? 'billing' : 'shipping'} country`}>
        <option value="">{t('fields.chooseCountry', { ns: 'checkout' })}</option>
        {countries.map((code) => (
          <option key={code} value={code}>
            {names(code)}
          </option>
        ))}
      </SelectField>
      {text('phoneNumber', 'tel', { type: 'tel' })}
      {text('vatId', 'off', { optional: true })}
    </div>
  );
}

function ShippingStep({ draft, countries, names, methods, notShippable, problems, onWrite, onBack, onSubmit }: { draft: CheckoutDraftDoc; countries: readonly string[]; names: (code: string) => string; methods: ShippingMethod[]; notShippable: readonly ShippableProduct[]; problems: Problems; onWrite: (field: string, value: unknown) => void; onBack: () => void; onSubmit: (values: Values) => void }) {
  const { t } = useTranslation();
  const values = draftSectionValues(draft, 'shippingDetails') as Values;
  const chosen = typeof values.shippingMethod === 'string' && methods.some((m) => methodKey(m) === values.shippingMethod) ? values.shippingMethod : methods[0] ? methodKey(methods[0]) : '';
  const live = shippingProblems({ ...values, shippingMethod: chosen } as never, countries);
  const shippingChoice = usePickedValue(chosen, (key) => onWrite('shippingMethod', key));
  const { formRef, state, touch, submit } = useSubmit({ ...live, ...pick(problems, live) }, () => {
    if (chosen !== values.shippingMethod && chosen) onWrite('shippingMethod', chosen);
    // A product that may not go to this country keeps the shopper here: the alert says which (the cart and the
    // draft stay as they are; another country, or the cart without it, lets them on).
    if (notShippable.length > 0) {
      document.getElementById('shipping-not-shippable')?.focus();
      return;
    }
    onSubmit({ ...values, shippingMethod: chosen });
  });
  return (
    <form ref={formRef} className="checkout-form" noValidate onSubmit={submit}>
      <AddressFields prefix="shipping" values={values} state={state} touch={touch} onWrite={onWrite} countries={countries} names={names} />
      {typeof values.country === 'string' ? <NotShippableAlert id="shipping-not-shippable" products={notShippable} country={values.country} /> : null}
      <fieldset className="checkout-methods">
        <legend className="checkout-methods__legend">{t('shippingMethod', { ns: 'checkout' })}</legend>
        {methods.length === 0 ? <p className="checkout-field__error">{t('noShipping', { ns: 'checkout' })}</p> : null}
        {methods.map((method) => (
          <label key={methodKey(method)} className="checkout-method">
            <input type="radio" name="shippingMethod" value={methodKey(method)} checked={shippingChoice.value === methodKey(method)} onChange={() => shippingChoice.pick(methodKey(method))} />
            <span className="checkout-method__title">{method.method_title}</span>
            <span className="checkout-method__price">
              <MethodPrice amount={method.price_incl_tax} />
            </span>
          </label>
        ))}
      </fieldset>
      <div className="checkout-actions">
        <button type="button" className="button button--secondary" onClick={onBack}>
          {t('back', { ns: 'checkout' })}
        </button>
        <button type="submit" className="button">
          {t('continueTo', { ns: 'checkout', step: t('steps.payment', { ns: 'checkout' }) })}
        </button>
      </div>
    </form>
  );
}

function PaymentStep(props: {
  draft: CheckoutDraftDoc;
  names: (code: string) => string;
  countries: readonly string[];
  methods: OfferedPaymentMethod[] | null;
  sameAsShipping: boolean;
  onSameAsShipping: (value: boolean) => void;
  problems: Problems;
  onWrite: (field: string, value: unknown) => void;
  onBack: () => void;
  onSubmit: (values: Values) => void;
}) {
  const { draft, methods, sameAsShipping, onWrite } = props;
  const { t } = useTranslation();
  const values = draftSectionValues(draft, 'paymentDetails');
  const extra = values.paymentMethodAdditional ?? {};
  const chosen = values.paymentMethod && methods?.some((m) => m.code === values.paymentMethod) ? values.paymentMethod : (methods?.find((m) => m.default)?.code ?? '');
  const flat = { ...(values as Values), paymentMethod: chosen } as Values;
  const live = paymentProblems(flat as never, { sameAsShipping });
  const { formRef, state, touch, submit } = useSubmit({ ...live, ...pick(props.problems, live) }, () => {
    if (chosen !== values.paymentMethod && chosen) onWrite('paymentMethod', chosen);
    props.onSubmit(flat);
  });
  const setExtra = (key: string, value: string) => onWrite('paymentMethodAdditional', { ...extra, [key]: value });
  const paymentChoice = usePickedValue(chosen, (code) => onWrite('paymentMethod', code));
  const comment = useEditedValue(extra.comment ?? '', (value) => setExtra('comment', value));
  return (
    <form ref={formRef} className="checkout-form" noValidate onSubmit={submit}>
      <fieldset className="checkout-methods">
        <legend className="checkout-methods__legend">{t('paymentMethod', { ns: 'checkout' })}</legend>
        {methods === null ? <p className="checkout-muted">{t('loadingMethods', { ns: 'checkout' })}</p> : null}
        {(methods ?? []).map((method) => (
          <label key={method.code} className="checkout-method">
            <input type="radio" name="paymentMethod" value={method.code} checked={paymentChoice.value === method.code} onChange={() => paymentChoice.pick(method.code)} />
            <PaymentMark code={method.code} />
            <span className="checkout-method__title">{t(`paymentMethods.${method.code}`, { ns: 'checkout', defaultValue: method.title })}</span>
            {method.cost_incl_tax > 0 ? (
              <span className="checkout-method__price">
                <MethodPrice amount={method.cost_incl_tax} />
              </span>
            ) : null}
          </label>
        ))}
      </fieldset>
      {chosen === PURCHASE_ORDER_CODE ? (
        <div className="checkout-grid">
          <TextField id="payment-po" name="po_number" label={t('fields.poNumber', { ns: 'checkout' })} value={extra.po_number ?? ''} state={state} onChange={(value) => setExtra('po_number', value)} onBlur={touch} optional hint={t('fields.poNumberHint', { ns: 'checkout', number: DEFAULT_PO_NUMBER })} />
          <div className="checkout-field checkout-field--wide">
            <label htmlFor="payment-comment" className="checkout-field__label">
              {t('fields.comment', { ns: 'checkout' })}
              <span className="checkout-field__optional"> {t('form.optional', { ns: 'checkout' })}</span>
            </label>
            <textarea
              id="payment-comment"
              className="checkout-field__input checkout-field__textarea"
              value={comment.value}
              maxLength={2000}
              onChange={(event) => comment.onChange(event.target.value)}
              onFocus={comment.onFocus}
              onBlur={comment.onBlur}
            />
          </div>
        </div>
      ) : null}
      <div className="checkout-grid">
        <TextField id="payment-taxId" name="taxId" label={t('fields.taxId', { ns: 'checkout' })} value={values.taxId ?? ''} state={state} onChange={(value) => onWrite('taxId', value)} onBlur={touch} optional />
      </div>
      <label className="checkout-check">
        <input type="checkbox" checked={sameAsShipping} onChange={(event) => props.onSameAsShipping(event.target.checked)} />
        <span>{t('sameAsShipping', { ns: 'checkout' })}</span>
      </label>
      {!sameAsShipping ? <AddressFields prefix="billing" values={values as Values} state={state} touch={touch} onWrite={onWrite} countries={props.countries} names={props.names} /> : null}
      <div className="checkout-actions">
        <button type="button" className="button button--secondary" onClick={props.onBack}>
          {t('back', { ns: 'checkout' })}
        </button>
        <button type="submit" className="button">
          {t('continueTo', { ns: 'checkout', step: t('steps.summary', { ns: 'checkout' }) })}
        </button>
      </div>
    </form>
  );
}

export function errorText(t: TFunction, error: CheckoutError): string {
  // A refusal naming a country (a product that may not go there) names it in the shopper's language.
  const country = error.country ? countryNames(i18next.language)(error.country) : '';
  // A method refused for the order's total is named in the shopper's language, the limit in euros.
  const method = error.method ? t(`paymentMethods.${error.method}`, { ns: 'checkout', defaultValue: error.method }) : '';
  const limit = error.limit ? new Intl.NumberFormat(i18next.language, { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 }).format(Number(error.limit)) : '';
  return t(error.key.replace(/^checkout\./, ''), {
    ns: 'checkout',
    email: error.email ?? '',
    product: error.product ?? '',
    country,
    method,
    limit,
    defaultValue: error.message ?? t('orders.messages.placingError', { ns: 'checkout' }),
  });
}

interface ShownTotal {
  total: number;
  currency: string;
  country: string;
}

function SummaryStep(props: {
  terms: boolean;
  onTerms: (value: boolean) => void;
  problems: Problems;
  error: CheckoutError | null;
  busy: boolean;
  online: boolean;
  changed: { from: ShownTotal; to: ShownTotal } | null;
  onBack: () => void;
  onPlace: () => void;
}) {
  const { terms, onTerms, problems, error, busy, online, changed, onBack, onPlace } = props;
  const { t, i18n } = useTranslation();
  const store = useStore();
  const format = useFormatPrice();
  const changedRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (changed) changedRef.current?.focus();
  }, [changed]);
  const termsProblem = problems.terms;
  const alertRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (error) alertRef.current?.focus();
  }, [error]);
  return (
    <div className="checkout-form">
      {error ? (
        <div className="checkout-alert" role="alert" tabIndex={-1} ref={alertRef}>
          {errorText(t, error)}
        </div>
      ) : null}
      {changed ? (
        <div className="checkout-alert checkout-alert--changed" role="alert" tabIndex={-1} ref={changedRef} aria-labelledby="total-changed-title" aria-describedby="total-changed-message">
          <strong id="total-changed-title" className="checkout-alert__title">
            {t('totalChanged.title', { ns: 'checkout' })}
          </strong>
          <p id="total-changed-message">
            {t('totalChanged.message', {
              ns: 'checkout',
              from: format(changed.from.total, changed.from.currency as CurrencyCode),
              to: format(changed.to.total, changed.to.currency as CurrencyCode),
              country: countryNames(i18n.language)(changed.to.country),
            })}
          </p>
        </div>
      ) : null}
      <label className={`checkout-check${termsProblem ? ' checkout-check--invalid' : ''}`}>
        <input type="checkbox" checked={terms} onChange={(event) => onTerms(event.target.checked)} aria-invalid={termsProblem ? true : undefined} aria-describedby={termsProblem ? 'terms-error' : undefined} />
        <span>{t('terms', { ns: 'checkout' })}</span>
      </label>
      {/* The terms in a new tab: the checkout, its fields and the order stay where they are. */}
      <p className="checkout-terms-link">
        <a href={`/${store}/i/${SERVICE_PAGES['terms-and-conditions'][store]}`} target="_blank" rel="noopener">
          {t('termsLink', { ns: 'checkout' })}
          <span className="visually-hidden"> {t('opensInNewTab', { ns: 'checkout' })}</span>
          <NewTabIcon />
        </a>
      </p>
      {termsProblem ? (
        <p id="terms-error" className="checkout-field__error">
          {t(`validation.${termsProblem}`, { ns: 'checkout' })}
        </p>
      ) : null}
      {!online ? <p className="checkout-muted">{t('offline.placeHint', { ns: 'checkout' })}</p> : null}
      <div className="checkout-actions">
        <button type="button" className="button button--secondary" onClick={onBack} disabled={busy}>
          {t('back', { ns: 'checkout' })}
        </button>
        <button
          type="button"
          className="button checkout-place"
          aria-busy={busy || undefined}
          aria-disabled={busy || undefined}
          onClick={() => {
            if (!busy) onPlace();
            if (!terms) requestAnimationFrame(() => document.querySelector<HTMLInputElement>('.checkout-check--invalid input')?.focus());
          }}
        >
          {busy ? t('placing', { ns: 'checkout' }) : t('placeOrder', { ns: 'checkout' })}
        </button>
      </div>
    </div>
  );
}

function PersonalSummary({ draft }: { draft: CheckoutDraftDoc }) {
  const values = draftSectionValues(draft, 'personalDetails');
  return (
    <p className="checkout-summary-text">
      {values.firstName} {values.lastName}
      <br />
      {values.emailAddress}
      <br />
      {values.phoneNumber}
    </p>
  );
}

function AddressSummary({ values, names }: { values: Values; names: (code: string) => string }) {
  return (
    <p className="checkout-summary-text">
      {String(values.firstName ?? '')} {String(values.lastName ?? '')}
      <br />
      {String(values.streetAddress ?? '')} {String(values.apartmentNumber ?? '')}
      <br />
      {String(values.zipCode ?? '')} {String(values.city ?? '')}
      <br />
      {values.country ? names(String(values.country)) : ''}
    </p>
  );
}

function PaymentSummary({ draft, methods }: { draft: CheckoutDraftDoc; methods: OfferedPaymentMethod[] }) {
  const { t } = useTranslation();
  const values = draftSectionValues(draft, 'paymentDetails');
  const method = methods.find((m) => m.code === values.paymentMethod);
  return <p className="checkout-summary-text">{method ? t(`paymentMethods.${method.code}`, { ns: 'checkout', defaultValue: method.title }) : null}</p>;
}

/** The totals the checkout shows (and the order document carries), in the shopper's currency. */
interface ShownTotals {
  subtotal_incl_tax: number;
  shipping_incl_tax: number;
  payment_incl_tax: number;
  discount_amount: number;
  grand_total: number;
  /** False when the shop has not confirmed them (offline in another market than the store's): said beside them. */
  confirmed: boolean;
}

/**
 * The checkout's totals: the server's for the shopper's country and the chosen methods; without them (offline), the
 * shared rule's for the store's own market (exactly the server's), else the lines as shown with the methods' costs at
 * the known rate, marked as to be confirmed. Null while a line's price in the shopper's market is not known.
 */
function orderTotalsShown(server: ServerCartTotals | null, local: ReturnType<typeof localCartTotals>, prices: CartPrices, shipping: ShippingMethod | undefined, payment: OfferedPaymentMethod | undefined): ShownTotals | null {
  if (server) {
    const payment_incl_tax = server.payment_incl_tax ?? 0;
    return { subtotal_incl_tax: server.subtotal_incl_tax, shipping_incl_tax: server.shipping_incl_tax, payment_incl_tax, discount_amount: server.discount_amount, grand_total: server.grand_total, confirmed: true };
  }
  if (!local) return null;
  const inMarket = (amount: number) => (prices.catalogue || !prices.market ? amount : marketAmount(amount, { ...prices.market, rate: prices.market.rate ?? DEFAULT_CURRENCY_RATES[prices.market.currency] }));
  const shippingInclTax = local.items_qty > 0 ? inMarket((shipping ?? DEFAULT_SHIPPING_METHOD).price_incl_tax) : 0;
  const paymentInclTax = inMarket(payment?.cost_incl_tax ?? 0);
  return {
    subtotal_incl_tax: local.subtotal_incl_tax,
    shipping_incl_tax: shippingInclTax,
    payment_incl_tax: paymentInclTax,
    discount_amount: 0,
    grand_total: Math.round((local.subtotal_incl_tax + shippingInclTax + paymentInclTax) * 100) / 100,
    confirmed: local.exact,
  };
}

/** What the order document carries as shown: the currency, the totals and each line's unit price. */
function shownOf(now: Latest): Partial<OrderDraft> {
  if (!now.shownTotals) return {};
  return { currency: now.prices.currency, shownTotals: now.shownTotals, unitPrice: now.prices.unitPrice };
}

/** A shipping or payment method's cost (set in euros) in the shopper's currency. */
function MethodPrice({ amount }: { amount: number }) {
  const format = useFormatPrice();
  const { i18n } = useStoreViewI18n();
  const market = useShopperMarket();
  if (!market || (market.country === i18n.country && market.currency === i18n.currencyCode)) return <>{format(amount)}</>;
  return <>{format(marketAmount(amount, { ...market, rate: market.rate ?? DEFAULT_CURRENCY_RATES[market.currency] }), market.currency)}</>;
}

function OrderSummary({ lines, shipping, prices, totals, server }: { lines: readonly CartLineDoc[]; shipping: ShippingMethod | undefined; prices: CartPrices; totals: ShownTotals | null; server: ServerCartTotals | null }) {
  const { t } = useTranslation();
  const format = useFormatPrice();
  const money = (amount: number | undefined) => (amount === undefined ? <Skeleton width="4rem" height="1rem" /> : format(amount, prices.currency));
  // The VAT the shop charges: one rate when every line carries the same (a mixed cart says only that VAT is in).
  const rates = new Set((server?.items ?? []).map((item) => (item as { tax_percent?: number }).tax_percent));
  const rate = rates.size === 1 ? [...rates][0] : undefined;
  return (
    <aside className="checkout-order" aria-labelledby="checkout-order-title" aria-busy={totals === null || undefined}>
      <h2 id="checkout-order-title" className="checkout-order__title">
        {t('yourOrder', { ns: 'checkout' })}
      </h2>
      <ul className="checkout-order__lines">
        {lines.map((line) => {
          const unit = prices.unitPrice(line);
          return (
            <li key={line.id} className="checkout-order__line">
              <ProductImage className="checkout-order__image" src={line.snapshot.value.image} alt="" size="cart" />
              <span className="checkout-order__name">
                {line.snapshot.value.name}
                <LineOptions source={cartLineOptions(line)} />
                <span className="checkout-order__qty">{t('quantity', { ns: 'checkout', qty: line.qty })}</span>
              </span>
              <span className="checkout-order__price">{money(unit === null ? undefined : shownLineTotal(unit, line.qty))}</span>
            </li>
          );
        })}
      </ul>
      <dl className="checkout-order__totals">
        <div>
          <dt>{t('totals.subtotal', { ns: 'checkout' })}</dt>
          <dd>{money(totals?.subtotal_incl_tax)}</dd>
        </div>
        {totals && totals.discount_amount !== 0 ? (
          <div>
            <dt>{t('totals.discount', { ns: 'cart' })}</dt>
            <dd>−{format(Math.abs(totals.discount_amount), prices.currency)}</dd>
          </div>
        ) : null}
        <div>
          <dt>
            {t('totals.shipping', { ns: 'checkout' })}
            {shipping ? ` (${shipping.method_title})` : ''}
          </dt>
          <dd>{money(totals?.shipping_incl_tax)}</dd>
        </div>
        {totals && totals.payment_incl_tax > 0 ? (
          <div>
            <dt>{t('totals.payment', { ns: 'checkout' })}</dt>
            <dd>{money(totals.payment_incl_tax)}</dd>
          </div>
        ) : null}
        <div className="checkout-order__grand">
          <dt>{t('totals.grandTotal', { ns: 'checkout' })}</dt>
          <dd data-currency={prices.currency}>{money(totals?.grand_total)}</dd>
        </div>
        {server?.tax_amount !== undefined ? (
          <div className="checkout-order__tax">
            <dt>{rate !== undefined ? t('totals.tax', { ns: 'checkout', rate }) : t('totals.taxAny', { ns: 'checkout' })}</dt>
            <dd>{format(server.tax_amount, prices.currency)}</dd>
          </div>
        ) : null}
      </dl>
      <p className="checkout-muted">{t('totals.taxIncluded', { ns: 'checkout' })}</p>
      {totals && !totals.confirmed ? (
        <p className="checkout-muted" role="status">
          {t('totals.confirmedOnline', { ns: 'checkout' })}
        </p>
      ) : null}
    </aside>
  );
}

function EmptyCart({ store }: { store: StoreCode }) {
  const { t } = useTranslation();
  return (
    <div className="checkout container checkout--message">
      <h1 className="checkout__title">{t('title', { ns: 'checkout' })}</h1>
      <p className="checkout-alert" role="alert">
        {t('emptyCart', { ns: 'checkout' })}
      </p>
      <Link to="/$store" params={{ store }} className="button">
        {t('returnToShopping', { ns: 'checkout' })}
      </Link>
    </div>
  );
}

function Confirmation({
  store,
  order,
  queued,
  error,
  ordered,
  account,
}: {
  store: StoreCode;
  order: PlacedOrderSummary | null;
  queued: boolean;
  error: CheckoutError | null;
  ordered: ReactNode;
  account: AccountNotice | null;
}) {
  const { t } = useTranslation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className="checkout container checkout--message">
      <section className="checkout-confirmation" aria-labelledby="confirmation-title">
        <span className={`checkout-confirmation__mark${error ? ' is-failed' : queued ? ' is-waiting' : ''}`} aria-hidden="true">
          {error ? '!' : queued ? '…' : '✓'}
        </span>
        <h1 id="confirmation-title" className="checkout__title" tabIndex={-1} ref={headingRef}>
          {error ? t('confirmation.failedTitle', { ns: 'checkout' }) : queued ? t('confirmation.queuedTitle', { ns: 'checkout' }) : t('confirmation.title', { ns: 'checkout' })}
        </h1>
        {error ? (
          <p className="checkout-alert" role="alert">
            {errorText(t, error)}
          </p>
        ) : queued ? (
          <p role="status">{t('confirmation.queued', { ns: 'checkout' })}</p>
        ) : (
          <>
            <p className="checkout-confirmation__number">
              {t('confirmation.number', { ns: 'checkout' })} <strong>{order?.incrementId}</strong>
            </p>
            <p>{t('confirmation.email', { ns: 'checkout', email: order?.email ?? '' })}</p>
            {account ? <AccountNotCreated notice={account} /> : null}
            {order?.bankTransfer ? <BankTransferDetails instructions={order.bankTransfer} /> : null}
          </>
        )}
        {ordered}
        <Link to="/$store" params={{ store }} className="button">
          {t('returnToShopping', { ns: 'checkout' })}
        </Link>
      </section>
    </div>
  );
}

export { DRAFT_ID };
