import { LANGUAGES, isLanguage } from '@shop/shared/stores/stores';
import { useId } from 'react';
import { switchLanguage, useTranslation } from '../../app/i18n.ts';

const NATIVE_NAMES = { en: 'English', nl: 'Nederlands', de: 'Deutsch' } as const;

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const id = useId();
  return (
    <div className="language-switcher">
      <label htmlFor={id}>{t('header.language')}</label>
      <select
        id={id}
        value={i18n.language}
        onChange={(event) => {
          const next = event.target.value;
          if (isLanguage(next)) void switchLanguage(next, true);
        }}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {NATIVE_NAMES[language]}
          </option>
        ))}
      </select>
    </div>
  );
}
