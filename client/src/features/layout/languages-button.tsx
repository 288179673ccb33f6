import { isLanguage, STORE_VIEWS } from '@shop/shared/stores/stores';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../app/i18n.ts';
import { useStore } from '../../app/store-context.tsx';
import { NATIVE_NAMES } from './language-names.ts';

// The dialog's code loads on the first click: it is not needed to read the page.
const LanguagesModal = lazy(() => import('./languages-modal.tsx'));

/** The header's store and language: what is in use, and the button that opens the languages modal to change it. */
export function LanguagesButton() {
  const { t, i18n } = useTranslation();
  const store = useStore();
  const [open, setOpen] = useState<boolean | null>(null);
  const language = NATIVE_NAMES[isLanguage(i18n.language) ? i18n.language : STORE_VIEWS[store].i18n.language];
  return (
    <>
      <button type="button" className="languages-button" aria-haspopup="dialog" aria-expanded={open === true} onClick={() => setOpen(true)}>
        <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="1.5">
          <circle cx="12" cy="12" r="9" />
          <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z" />
        </svg>
        <span aria-hidden="true">
          {store.toUpperCase()} · {language}
        </span>
        <span className="visually-hidden">{t('languages.open', { store: t(`store.${store}`), language })}</span>
      </button>
      {open === null ? null : (
        <Suspense fallback={null}>
          <LanguagesModal open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
