/**
 * The account pages (spec 2 §2): /my-account and its sections, /create-password?email&token and
 * /customer/account/forgotpassword. One lazy chunk; this file reads the address and picks the page.
 */
import { useRouterState } from '@tanstack/react-router';
import { useTranslation } from '../../app/i18n.ts';
import { useStore } from '../../app/store-context.tsx';
import { useDocumentTitle } from '../../ui/use-document-title.ts';
import { useAccountTexts } from './account-texts.ts';
import { CreatePasswordPage } from './create-password-page.tsx';
import { ForgotForm } from './auth-forms.tsx';
import { MyAccountPage } from './my-account-page.tsx';
import { openAuth } from './session-store.ts';
import './account.css';

/** What follows `/<store>/` in the address, without trailing slashes. */
export function accountPath(pathname: string, store: string): string {
  return pathname.replace(new RegExp(`^/${store}/?`), '').replace(/\/+$/, '');
}

export function AccountRoutes() {
  const store = useStore();
  const ready = useAccountTexts();
  const location = useRouterState({ select: (state) => state.location });
  if (!ready) return <div className="container account-page" aria-busy="true" />;
  const path = accountPath(location.pathname, store);
  if (path === 'customer/account/forgotpassword') return <ForgotPasswordPage />;
  if (path === 'create-password') {
    const search = location.search as Record<string, unknown>;
    return <CreatePasswordPage email={typeof search.email === 'string' ? search.email : ''} token={typeof search.token === 'string' ? search.token : ''} />;
  }
  return <MyAccountPage section={path.replace(/^my-account\/?/, '')} />;
}

function ForgotPasswordPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('forgotPage.title', { ns: 'account' }), t('shop.name'));
  return (
    <div className="container account-page account-page--narrow">
      <h1 className="account-page__title">{t('forgotPage.title', { ns: 'account' })}</h1>
      <div className="account-card">
        <ForgotForm onLogin={() => openAuth('login')} />
      </div>
    </div>
  );
}
