/**
 * The languages modal (spec 1 §2): the store (the catalogue and its addresses, /nl or /en) and the interface language
 * (English, Dutch, German) chosen in one dialog and remembered for every visit and tab. Saving keeps the shopper where
 * they are: on a product or category page they land on the same product or category in the chosen store (its url
 * differs per store), on a CMS page on its counterpart (the page's head names it), elsewhere, or when that store does
 * not show it (or cannot be asked, offline), on its home page.
 */
import type { Language, StoreCode } from '@shop/shared';
import { isLanguage, LANGUAGES, STORE_CODES, STORE_VIEWS } from '@shop/shared/stores/stores';
import { useMatches, useNavigate } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { storedLanguage, switchLanguage, useTranslation } from '../../app/i18n.ts';
import { rememberStore } from '../../app/store-choice.ts';
import { useStore } from '../../app/store-context.tsx';
import { ModalDialog } from '../../ui/modal-dialog.tsx';
import { alternatePath, type PageIdentity } from '../catalogue/catalogue-api.ts';
import { NATIVE_NAMES } from './language-names.ts';
import './languages-modal.css';

/** The product or category the current page shows, if it is one (the catalogue route's loaded target). */
function useCurrentPage(): PageIdentity | null {
  const matches = useMatches();
  for (const match of matches) {
    const target = (match.loaderData as { target?: { _type: string; _source: { id: number } } | null } | undefined)?.target;
    if (target && (target._type === 'product' || target._type === 'category')) return { type: target._type, id: target._source.id };
  }
  return null;
}

function RadioGroup<T extends string>({ legend, hint, name, options, value, onChange }: { legend: string; hint: string; name: string; options: ReadonlyArray<{ value: T; label: string; lang?: string }>; value: T; onChange: (value: T) => void }) {
  const hintId = `${name}-hint`;
  return (
    <fieldset className="languages-modal__group" aria-describedby={hintId}>
      <legend>{legend}</legend>
      <p id={hintId} className="languages-modal__hint">
        {hint}
      </p>
      {options.map((option) => (
        <label key={option.value} className="languages-modal__option">
          <input type="radio" name={name} value={option.value} checked={value === option.value} onChange={() => onChange(option.value)} />
          <span lang={option.lang}>{option.label}</span>
        </label>
      ))}
    </fieldset>
  );
}

export default function LanguagesModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <ModalDialog open={open} onClose={onClose} title={t('languages.title')} closeLabel={t('languages.close')} className="languages-modal">
      {/* Mounted each time the dialog opens: the form starts from the store and language in use. */}
      <LanguagesForm onClose={onClose} />
    </ModalDialog>
  );
}

function LanguagesForm({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const current = useStore();
  const page = useCurrentPage();
  const navigate = useNavigate();
  const name = useId();
  const shown = isLanguage(i18n.language) ? i18n.language : STORE_VIEWS[current].i18n.language;
  const [store, setStore] = useState<StoreCode>(current);
  const [language, setLanguage] = useState<Language>(shown);
  // Until the shopper picks a language here, choosing a store chooses its language too.
  const [languagePicked, setLanguagePicked] = useState(storedLanguage() !== null);
  const [busy, setBusy] = useState(false);

  const chooseStore = (code: StoreCode) => {
    setStore(code);
    if (!languagePicked) setLanguage(STORE_VIEWS[code].i18n.language);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    // Both are kept as the dialog showed them, so every tab and the next visit show what the shopper saw and saved.
    rememberStore(store);
    await switchLanguage(language, true);
    onClose();
    setBusy(false);
    if (store === current) return;
    // A product or category is asked for in the chosen store; any other page (a CMS page) names its counterpart in
    // its head (issue 18; page-head.ts comes with the pages that write one, never with the first load).
    const path = page ? await alternatePath(store, page).catch(() => null) : (await import('../../ui/page-head.ts')).shownPageIn(store);
    await navigate(path ? { to: '/$store/$', params: { store, _splat: path }, search: {} } : { to: '/$store', params: { store } });
  };

  return (
      <form className="languages-modal__form" onSubmit={(event) => void save(event)}>
        <RadioGroup
          legend={t('languages.store')}
          hint={t('languages.storeHint')}
          name={`${name}-store`}
          options={STORE_CODES.map((code) => ({ value: code, label: `${t(`store.${code}`)} (/${code})` }))}
          value={store}
          onChange={chooseStore}
        />
        <RadioGroup
          legend={t('languages.language')}
          hint={t('languages.languageHint')}
          name={`${name}-language`}
          options={LANGUAGES.map((code) => ({ value: code, label: NATIVE_NAMES[code], lang: code }))}
          value={language}
          onChange={(code) => {
            setLanguage(code);
            setLanguagePicked(true);
          }}
        />
        <div className="languages-modal__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            {t('languages.cancel')}
          </button>
          <button type="submit" className="button" disabled={busy}>
            {t('languages.save')}
          </button>
        </div>
      </form>
  );
}
