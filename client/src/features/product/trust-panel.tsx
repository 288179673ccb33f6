import type { Attribute, Product } from '@shop/shared';
import { DELIVERY_PRICE_INCL_TAX, DELIVERY_WORKING_DAYS, PRE_OWNED_WARRANTY_YEARS, RETURN_PERIOD_DAYS, SIGNATURE_ABOVE_EUR } from '@shop/shared/catalogue/purchase-promises';
import { localeOf, useTranslation } from '../../app/i18n.ts';
import { useStore } from '../../app/store-context.tsx';
import { Link } from '@tanstack/react-router';
import { attributeLabel } from '../catalogue/attribute-labels.ts';
import { purchaseFacts } from './purchase-facts.ts';

/**
 * "Before you buy": what the buyer of a costly piece asks before paying, in one calm panel beside the price:
 * condition (with the report for a pre-owned or vintage piece), what is included and the warranty, authenticity,
 * delivery and returns, and whom to ask.
 */
export function TrustPanel({ product, attributes }: { product: Product; attributes: readonly Attribute[] | undefined }) {
  const { t, i18n } = useTranslation();
  const store = useStore();
  const facts = purchaseFacts(product, attributes ?? []);
  const euros = (amount: number) => new Intl.NumberFormat(localeOf(i18n.language), { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 }).format(amount);
  return (
    <section className="trust-panel" aria-labelledby="trust-panel-title">
      <h2 id="trust-panel-title" className="trust-panel__title">
        {t('product.trust.title')}
      </h2>
      <dl className="trust-panel__list">
        {facts.condition ? (
          <div className="trust-panel__item">
            <dt>{t('product.trust.condition')}</dt>
            <dd>
              <span className="trust-panel__condition">{facts.condition}</span>
              {facts.preOwned ? (
                <>
                  {' '}
                  {t('product.trust.inspectedReport')}
                  {facts.report.length ? (
                    <ul className="trust-panel__report" aria-label={t('product.trust.report')}>
                      {facts.report.map((row) => (
                        <li key={row.code}>
                          <span>{attributeLabel(t, row.code, row.label)}:</span> {row.value}
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </>
              ) : null}
            </dd>
          </div>
        ) : null}
        <div className="trust-panel__item">
          <dt>{t('product.trust.included')}</dt>
          <dd>
            {facts.included.length ? `${facts.included.join(', ')}. ` : ''}
            {facts.warranty === 'shop' ? t('product.trust.shopWarranty', { count: PRE_OWNED_WARRANTY_YEARS }) : t('product.trust.makerWarranty')}
          </dd>
        </div>
        <div className="trust-panel__item">
          <dt>{t('product.trust.authenticity')}</dt>
          <dd>{t('product.trust.authenticityText')}</dd>
        </div>
        <div className="trust-panel__item">
          <dt>{t('product.trust.delivery')}</dt>
          <dd>{t('product.trust.deliveryText', { price: euros(DELIVERY_PRICE_INCL_TAX), min: DELIVERY_WORKING_DAYS.min, max: DELIVERY_WORKING_DAYS.max, signature: euros(SIGNATURE_ABOVE_EUR) })}</dd>
        </div>
        <div className="trust-panel__item">
          <dt>{t('product.trust.returns')}</dt>
          <dd>{t('product.trust.returnsText', { count: RETURN_PERIOD_DAYS })}</dd>
        </div>
      </dl>
      <div className="trust-panel__expert">
        <p>{t('product.trust.expert')}</p>
        <p className="trust-panel__links">
          <Link to="/$store/contacts" params={{ store }} search={{ product: product.sku, name: product.name }}>
            {t('product.trust.askExpert')}
          </Link>
          <Link to={store === 'nl' ? '/$store/afspraak-maken' : '/$store/make-an-appointment'} params={{ store }}>
            {t('product.trust.bookAppointment')}
          </Link>
        </p>
      </div>
    </section>
  );
}
