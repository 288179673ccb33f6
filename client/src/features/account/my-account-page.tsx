/**
 * /my-account (spec 2 §2): the sections MyProfile, MyShippingDetails, MyNewsletter, MyOrders, MyOrder,
 * MyRecentlyViewed, the customer's product reviews and stock alerts, beside a menu. Without a login the page answers
 * 'You need to be logged in to see this page' with the login form (spec 2 §6).
 */
import { Link, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../app/i18n.ts';
import { useStore } from '../../app/store-context.tsx';
import { useDocumentTitle } from '../../ui/use-document-title.ts';
import { NotFoundPage } from '../layout/lazy-not-found-page.tsx';
import { LoginForm } from './auth-forms.tsx';
import { OrderPage, OrdersPage } from './my-orders.tsx';
import { ProfileSection } from './my-profile.tsx';
import { RecentlyViewedSection } from './my-recently-viewed.tsx';
import { ShippingDetailsSection } from './my-shipping-details.tsx';
import { loadSessionModule } from './session-loader.ts';
import { openAuth, useSessionUser } from './session-store.ts';
import '../../ui/problem-note.css';

const NewsletterPreferences = lazy(() => import('../newsletter/newsletter-preferences.tsx'));
const NewsletterByMailSection = lazy(() => import('../newsletter/newsletter-preferences.tsx').then((module) => ({ default: module.NewsletterByMailSection })));
const MyReviews = lazy(() => import('../reviews/my-reviews.tsx'));
const MyStockAlerts = lazy(() => import('../stock/my-stock-alerts.tsx'));

export const SECTIONS = [
  { path: '', key: 'profile' },
  { path: 'shipping-details', key: 'shipping' },
  { path: 'newsletter', key: 'newsletter' },
  { path: 'orders', key: 'orders' },
  { path: 'recently-viewed', key: 'recentlyViewed' },
  { path: 'product-reviews', key: 'reviews' },
  { path: 'stock-alerts', key: 'alerts' },
] as const;

/** The menu entry a section address belongs to ('profile' is also the start page). */
export function sectionOf(path: string): (typeof SECTIONS)[number] | undefined {
  if (path === 'profile') return SECTIONS[0];
  const first = path.split('/')[0] ?? '';
  return SECTIONS.find((section) => section.path === first);
}

export function MyAccountPage({ section }: { section: string }) {
  const { t } = useTranslation();
  const store = useStore();
  const user = useSessionUser();
  const current = sectionOf(section);
  const nav = useRef<HTMLElement>(null);
  // Phones show the menu as one scrolling row: the current section is brought into it.
  useEffect(() => {
    nav.current?.querySelector('[aria-current="page"]')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [current]);
  useDocumentTitle(current ? t(`myAccount.nav.${current.key}`, { ns: 'account' }) : t('myAccount.title', { ns: 'account' }), t('shop.name'));

  const link = newsletterLinkOf(useRouterState({ select: (state) => state.location.searchStr }));
  if (!current) return <NotFoundPage />;
  // The link the shop mailed for a newsletter address is its proof: it works logged in or not.
  if (current.key === 'newsletter' && link) return <NewsletterLinkPage link={link} />;
  if (!user) return <LoginRequired newsletter={current.key === 'newsletter'} />;

  const name = user.current ? `${user.current.firstname} ${user.current.lastname}` : '';
  return (
    <div className="container account-page">
      <header className="account-page__header">
        <h1 className="account-page__title">{t('myAccount.title', { ns: 'account' })}</h1>
        {name ? <p className="account-page__greeting">{t('myAccount.greeting', { ns: 'account', name })}</p> : null}
      </header>
      <div className="account-layout">
        <nav ref={nav} className="account-nav" aria-label={t('myAccount.navLabel', { ns: 'account' })}>
          <ul>
            {SECTIONS.map((entry) => (
              <li key={entry.key}>
                <Link
                  to="/$store/my-account/$"
                  params={{ store, _splat: entry.path }}
                  className="account-nav__link"
                  aria-current={entry === current ? 'page' : undefined}
                  activeOptions={{ exact: true }}
                >
                  {t(`myAccount.nav.${entry.key}`, { ns: 'account' })}
                </Link>
              </li>
            ))}
          </ul>
          <LogoutButton />
        </nav>
        <div className="account-content">
          <Section section={section} />
        </div>
      </div>
    </div>
  );
}

/** Logging out first sends what waits (a few seconds at most): the button says so meanwhile. */
function LogoutButton() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const logout = () => {
    setBusy(true);
    void loadSessionModule()
      .then((session) => session.logout())
      .finally(() => setBusy(false));
  };
  return (
    <button type="button" className="account-nav__logout" onClick={logout} disabled={busy} aria-busy={busy}>
      {t(busy ? 'actions.loggingOut' : 'actions.logout', { ns: 'account' })}
    </button>
  );
}

function Section({ section }: { section: string }) {
  const [first, second] = section.split('/');
  if (section === '' || section === 'profile') return <ProfileSection />;
  if (first === 'shipping-details') return <ShippingDetailsSection />;
  if (first === 'newsletter') return <Lazy><NewsletterPreferences /></Lazy>;
  if (first === 'orders') return second ? <OrderPage orderId={decodeURIComponent(second)} /> : <OrdersPage />;
  if (first === 'recently-viewed') return <RecentlyViewedSection />;
  if (first === 'stock-alerts') return <Lazy><MyStockAlerts /></Lazy>;
  return <Lazy><MyReviews /></Lazy>;
}

function Lazy({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return <Suspense fallback={<p className="account-muted" aria-busy="true">{t('myAccount.loading', { ns: 'account' })}</p>}>{children}</Suspense>;
}

/** `?email=&token=` of the newsletter link (read as text: a token is never taken for a number), or null. */
export function newsletterLinkOf(search: string): { email: string; token: string } | null {
  const params = new URLSearchParams(search);
  const email = params.get('email')?.trim() ?? '';
  const token = params.get('token')?.trim() ?? '';
  return email && token ? { email, token } : null;
}

function NewsletterLinkPage({ link }: { link: { email: string; token: string } }) {
  const { t } = useTranslation();
  return (
    <div className="container account-page account-page--narrow">
      <h1 className="account-page__title">{t('myAccount.nav.newsletter', { ns: 'account' })}</h1>
      <div className="account-card">
        <p className="account-muted">{link.email}</p>
        <Lazy>
          <NewsletterPreferences link={link} />
        </Lazy>
      </div>
    </div>
  );
}

function LoginRequired({ newsletter = false }: { newsletter?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="container account-page account-page--narrow">
      <h1 className="account-page__title">{t('myAccount.title', { ns: 'account' })}</h1>
      <div className="account-card">
        <p className="account-notice problem-note" role="alert">
          {t('errors.loginRequired', { ns: 'account' })}
        </p>
        <LoginForm onForgot={() => openAuth('forgot')} onRegister={() => openAuth('register')} />
      </div>
      {newsletter ? (
        <div className="account-card">
          <Lazy>
            <NewsletterByMailSection />
          </Lazy>
        </div>
      ) : null}
    </div>
  );
}
