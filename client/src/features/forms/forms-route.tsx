/**
 * The door to the shop's forms (issue 17): the route's own path names the page (contact, trade-in in both
 * languages' addresses, appointment, store locator, invoice request, a form the shop defines). Each page is its own
 * chunk; the forms' texts load with them.
 */
import { useMatch, useParams } from '@tanstack/react-router';
import { lazy, Suspense, type ComponentType } from 'react';
import { useFormsTexts } from './forms-texts.ts';

const page = <Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) => lazy(() => load().then((module) => ({ default: module[name] })));

const ContactPage = page(() => import('./contact-page.tsx'), 'ContactPage');
const TradeInPage = page(() => import('./trade-in-page/trade-in-page.tsx'), 'TradeInPage');
const AppointmentPage = page(() => import('./appointment-page.tsx'), 'AppointmentPage');
const StoreLocatorPage = page(() => import('./store-locator-page.tsx'), 'StoreLocatorPage');
const InvoiceRequestPage = page(() => import('./invoice-request-page.tsx'), 'InvoiceRequestPage');
const CustomFormPage = lazy(() => import('./custom-form-page.tsx').then((module) => ({ default: module.CustomFormPage })));

/** The page of each form address (the route's path under its store, as in STORE_PAGES). */
export const FORM_PAGES: Readonly<Record<string, 'contact' | 'tradeIn' | 'appointment' | 'storeLocator' | 'invoice' | 'custom'>> = {
  contacts: 'contact',
  'ruil-uw-horloge-in-bij-ace': 'tradeIn',
  'ruil-uw-horloge-in': 'tradeIn',
  'trade-in-or-sell-your-watch': 'tradeIn',
  'trade-in-your-watch': 'tradeIn',
  'afspraak-maken': 'appointment',
  'make-an-appointment': 'appointment',
  'store-locator': 'storeLocator',
  invoices: 'invoice',
  'forms/$slug': 'custom',
};

function FormsPage({ path, slug }: { path: string; slug: string }) {
  switch (FORM_PAGES[path]) {
    case 'contact':
      return <ContactPage />;
    case 'tradeIn':
      return <TradeInPage />;
    case 'appointment':
      return <AppointmentPage />;
    case 'storeLocator':
      return <StoreLocatorPage />;
    case 'invoice':
      return <InvoiceRequestPage />;
    default:
      return <CustomFormPage key={slug} slug={slug} />;
  }
}

export default function FormsRoute() {
  // This page's own match, not the address: while the shopper leaves for another page the address changes first.
  const path = useMatch({ strict: false }).fullPath.replace(/^\/\$store\//, '');
  const { slug = '' } = useParams({ strict: false }) as { slug?: string };
  const ready = useFormsTexts();
  const pending = <div className="container" aria-busy="true" />;
  if (!ready) return pending;
  return (
    <Suspense fallback={pending}>
      <FormsPage path={path} slug={slug} />
    </Suspense>
  );
}
