/**
 * The login modal (spec 2 §3 UI flag `authElem`, default login): log in, create an account, or ask for a reset link,
 * on the native modal <dialog> (focus trapped, Escape closes, focus returns to the opener).
 */
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from '../../app/i18n.ts';
import { CloseIcon } from '../../ui/drawer.tsx';
import { useAccountTexts } from './account-texts.ts';
import { ForgotForm, LoginForm, RegisterForm } from './auth-forms.tsx';
import { closeAuth, openAuth, useAuthElem } from './session-store.ts';
// The dialog's frame is the shop's modal dialog (ui/modal-dialog.css); its tabs and forms are the account's.
import '../../ui/modal-dialog.css';
import './account.css';

export function AuthModal() {
  const { t } = useTranslation();
  const ready = useAccountTexts();
  const elem = useAuthElem();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (elem && ready && !dialog.open) dialog.showModal?.();
    if (!elem && dialog.open) dialog.close();
  }, [elem, ready]);

  if (!ready) return null;
  const title = t(elem === 'register' ? 'modal.register' : elem === 'forgot' ? 'modal.forgot' : 'modal.login', { ns: 'account' });
  return (
    <dialog
      ref={ref}
      className="modal-dialog"
      aria-labelledby={titleId}
      onClose={(event) => {
        if (event.target === event.currentTarget) closeAuth();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) closeAuth();
      }}
    >
      {elem ? (
        <div className="modal-dialog__panel">
          <div className="modal-dialog__header">
            <h2 id={titleId} className="modal-dialog__title">
              {title}
            </h2>
            <button type="button" className="icon-button" onClick={closeAuth} aria-label={t('modal.close', { ns: 'account' })}>
              <CloseIcon />
            </button>
          </div>
          {elem !== 'forgot' ? (
            <div className="auth-modal__tabs" role="group">
              <button type="button" className="auth-modal__tab" aria-pressed={elem === 'login'} onClick={() => openAuth('login')}>
                {t('modal.login', { ns: 'account' })}
              </button>
              <button type="button" className="auth-modal__tab" aria-pressed={elem === 'register'} onClick={() => openAuth('register')}>
                {t('modal.register', { ns: 'account' })}
              </button>
            </div>
          ) : null}
          {elem === 'login' ? <p className="auth-modal__intro">{t('modal.loginIntro', { ns: 'account' })}</p> : null}
          {elem === 'register' ? <p className="auth-modal__intro">{t('modal.registerIntro', { ns: 'account' })}</p> : null}
          {elem === 'login' ? <LoginForm onDone={closeAuth} onForgot={() => openAuth('forgot')} onRegister={() => openAuth('register')} /> : null}
          {elem === 'register' ? <RegisterForm onDone={closeAuth} onLogin={() => openAuth('login')} /> : null}
          {elem === 'forgot' ? <ForgotForm onLogin={() => openAuth('login')} /> : null}
        </div>
      ) : null}
    </dialog>
  );
}
