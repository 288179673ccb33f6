/**
 * The store locator (spec 2 §2 "Store locator"): the shop's boutiques with address, phone, e-mail and weekly opening
 * hours, each with a link to "Make an appointment" there. Kept on this device, so it shows offline too.
 */
import type { StoreCode } from '@shop/shared';
import { WEEKDAYS, type Boutique } from '@shop/shared/forms/appointment.schema';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../app/i18n.ts';
import { useStore } from '../../app/store-context.tsx';
import { STORE_CODES } from '@shop/shared/stores/stores';
import { CMS_BLOCK_IDS } from '@shop/shared/content/service-pages';
import { usePageHead } from '../../ui/page-head.ts';
import { CmsBlock } from '../content/cms-block.tsx';
import { storeLocatorJsonLd } from '../content/structured-data.ts';
import { loadBoutiques, useAppointmentTexts } from './boutiques-api.ts';
import '../../ui/problem-note.css';
import './forms.css';
import './appointment.css';

/** The appointment page's address in each store (spec 2 §2 "Make an appointment"). */
export const APPOINTMENT_PATHS: Readonly<Record<StoreCode, string>> = { nl: 'afspraak-maken', en: 'make-an-appointment' };

export function StoreLocatorPage() {
  const ready = useAppointmentTexts();
  if (!ready) return <div className="container" aria-busy="true" />;
  return <StoreLocator />;
}

function StoreLocator() {
  const { t } = useTranslation();
  const store = useStore();
  const [boutiques, setBoutiques] = useState<Boutique[] | null>(null);
  // Title, canonical, the other store's locator, and the boutiques as structured data (Organization, LocalBusiness).
  usePageHead(
    {
      title: t('locator.title', { ns: 'appointments' }),
      description: t('locator.intro', { ns: 'appointments' }),
      path: 'store-locator',
      store,
      alternates: STORE_CODES.map((code) => ({ store: code, path: 'store-locator' })),
      jsonLd: boutiques?.length ? [storeLocatorJsonLd(boutiques, t('shop.name'), `${window.location.origin}/${store}`)] : undefined,
    },
    t('shop.name'),
  );
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    loadBoutiques(store, controller.signal)
      .then((loaded) => setBoutiques(loaded.value))
      .catch(() => !controller.signal.aborted && setFailed(true));
    return () => controller.abort();
  }, [store]);

  return (
    <div className="container forms-page">
      <header className="forms-page__header">
        <h1 className="forms-page__title">{t('locator.title', { ns: 'appointments' })}</h1>
        <p className="forms-page__intro">{t('locator.intro', { ns: 'appointments' })}</p>
        <CmsBlock identifier={CMS_BLOCK_IDS.storeLocatorIntro} className="cms-block--intro" />
      </header>
      {failed ? <p className="problem-note">{t('errors.loadBoutiques', { ns: 'appointments' })}</p> : null}
      {boutiques === null && !failed ? <div aria-busy="true" /> : null}
      <ul className="store-locator">
        {(boutiques ?? []).map((boutique) => (
          <li key={boutique.id} className="forms-card">
            <h2 className="store-locator__name">{boutique.name}</h2>
            <address className="store-locator__address">
              {boutique.street}
              <br />
              {boutique.zip} {boutique.city}
              {boutique.phone ? (
                <>
                  <br />
                  <a href={`tel:${boutique.phone.replace(/[^+\d]/g, '')}`}>{boutique.phone}</a>
                </>
              ) : null}
              {boutique.email ? (
                <>
                  <br />
                  <a href={`mailto:${boutique.email}`}>{boutique.email}</a>
                </>
              ) : null}
            </address>
            <h3 className="slot-picker__legend">{t('locator.hours', { ns: 'appointments' })}</h3>
            <dl className="store-locator__hours">
              {WEEKDAYS.map((day) => {
                const ranges = boutique.opening_hours.weekly[day] ?? [];
                return [
                  <dt key={`${day}-day`}>{t(`locator.days.${day}`, { ns: 'appointments' })}</dt>,
                  <dd key={`${day}-hours`}>{ranges.length ? ranges.map(([open, close]) => `${open}–${close}`).join(', ') : t('locator.closed', { ns: 'appointments' })}</dd>,
                ];
              })}
            </dl>
            <Link className="button" to="/$store/$" params={{ store, _splat: APPOINTMENT_PATHS[store] }} search={{ boutique: boutique.id }}>
              {t('locator.book', { ns: 'appointments' })}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
