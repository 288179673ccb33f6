/**
 * /<store>/order-success/:order? (route name external-thank-you, spec 2 §2): the thank-you page the external checkout
 * sends the shopper back to. It exists only while checkout is external; otherwise the address is not found.
 */
import { Link, useParams } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../app/i18n.ts';
import { useStore } from '../../app/store-context.tsx';
import { checkoutConfig } from '../checkout/checkout-config.ts';
import { useCheckoutTexts } from '../checkout/checkout-texts.ts';
import { NotFoundPage } from '../layout/not-found-page.tsx';
import '../checkout/checkout.css';

export function OrderSuccessRoute() {
  const store = useStore();
  const ready = useCheckoutTexts();
  const { t } = useTranslation();
  // One route, order-success/$: the optional order number is the rest of the address.
  const splat = (useParams({ strict: false }) as { _splat?: string })._splat;
  const params = { order: splat ? splat.split('/')[0] : undefined };
  const [external, setExternal] = useState<boolean | null>(null);
  useEffect(() => {
    checkoutConfig(store).then(
      (config) => setExternal(config.externalCheckout),
      () => setExternal(false),
    );
  }, [store]);
  if (external === null || !ready) return <div className="checkout container" aria-busy="true" />;
  if (!external) return <NotFoundPage />;
  return (
    <div className="checkout container checkout--message">
      <section className="checkout-confirmation" aria-labelledby="thank-you-title">
        <span className="checkout-confirmation__mark" aria-hidden="true">
          ✓
        </span>
        <h1 id="thank-you-title" className="checkout__title">
          {t('confirmation.title', { ns: 'checkout' })}
        </h1>
        {params.order ? (
          <p className="checkout-confirmation__number">
            {t('confirmation.number', { ns: 'checkout' })} <strong>{params.order}</strong>
          </p>
        ) : null}
        <p>{t('confirmation.external', { ns: 'checkout' })}</p>
        <Link to="/$store" params={{ store }} className="button">
          {t('returnToShopping', { ns: 'checkout' })}
        </Link>
      </section>
    </div>
  );
}
