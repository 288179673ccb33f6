/**
 * The texts of what the layout shows after the first paint (the footer): their own small namespace, `layout`,
 * loaded with that code rather than with every first load.
 */
import { isLanguage } from '@shop/shared/stores/stores';
import i18next from 'i18next';
import { useEffect } from 'react';
import { useTranslation } from '../../app/i18n.ts';

const loaders = import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/layout.json');
let following = false;

async function load(language: string): Promise<void> {
  if (!isLanguage(language) || i18next.hasResourceBundle(language, 'layout')) return;
  const texts = await loaders[`../../locales/${language}/layout.json`]?.();
  if (texts) i18next.addResourceBundle(language, 'layout', texts.default, true, true);
}

/** Loads the layout's texts for the current language, and for every language switched to later. */
export async function loadLayoutTexts(): Promise<void> {
  if (!following) {
    following = true;
    i18next.on('languageChanged', (language) => void load(language));
  }
  await load(i18next.language);
}

/** Whether the layout's texts are in; the first component that needs them loads them. */
export function useLayoutTexts(): boolean {
  const { i18n } = useTranslation();
  useEffect(() => {
    void loadLayoutTexts();
  }, []);
  return i18n.hasResourceBundle(i18n.language, 'layout');
}
