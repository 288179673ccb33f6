import { isLanguage } from '@shop/shared/stores/stores';
import i18next from 'i18next';

/**
 * The `offline` texts namespace, loaded only when a notice is about to show (never on the first paint) and then
 * for every language switched to. Its chunks are precached by the service worker, so they load offline.
 */
const loaders = import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/offline.json');
let following = false;

async function load(language: string): Promise<void> {
  if (!isLanguage(language) || i18next.hasResourceBundle(language, 'offline')) return;
  const texts = await loaders[`../../locales/${language}/offline.json`]?.();
  if (texts) i18next.addResourceBundle(language, 'offline', texts.default, true, true);
}

export async function loadOfflineTexts(): Promise<void> {
  if (!following) {
    following = true;
    i18next.on('languageChanged', (language) => void load(language));
  }
  await load(i18next.language);
}
