/**
 * The account pages' texts (the `account` namespace), loaded from this lazy chunk on first use and then for every
 * language switched to; like cart.json they are not part of the first load.
 */
import { isLanguage } from '@shop/shared/stores/stores';
import i18next from 'i18next';
import { useEffect } from 'react';
import { useTranslation } from '../../app/i18n.ts';

const loaders = import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/account.json');
let following = false;

async function load(language: string): Promise<void> {
  if (!isLanguage(language) || i18next.hasResourceBundle(language, 'account')) return;
  const texts = await loaders[`../../locales/${language}/account.json`]?.();
  if (texts) i18next.addResourceBundle(language, 'account', texts.default, true, true);
}

export async function loadAccountTexts(): Promise<void> {
  if (!following) {
    following = true;
    i18next.on('languageChanged', (language) => void load(language));
  }
  await load(i18next.language);
}

/** Whether the account texts are in; the first component that needs them loads them. */
export function useAccountTexts(): boolean {
  const { i18n } = useTranslation();
  useEffect(() => {
    void loadAccountTexts();
  }, []);
  return i18n.hasResourceBundle(i18n.language, 'account');
}
