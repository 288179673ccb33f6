/**
 * A text namespace that loads with the code that needs it, never with the first load (decision 017): each feature
 * names its own JSON files with `import.meta.glob` (Vite needs the literal pattern there), and this loads the active
 * language's file, follows every later language switch, and tells components when the texts are in.
 */
import { isLanguage } from '@shop/shared/stores/stores';
import i18next from 'i18next';
import { useEffect } from 'react';
import { useTranslation } from '../../app/i18n.ts';
import { onServer, wantOnServer } from '../../app/server-pass.ts';

export type TextFiles = Record<string, () => Promise<{ default: Record<string, unknown> }>>;

export interface LazyTexts {
  /** Loads the namespace for the current language, and for every language switched to later. */
  load(): Promise<void>;
  /** Whether the namespace is in for the current language; the first component that asks loads it. */
  useReady(): boolean;
}

export function lazyTexts(namespace: string, files: TextFiles): LazyTexts {
  let following = false;
  const fileFor = (language: string) => Object.entries(files).find(([path]) => path.endsWith(`/${language}/${namespace}.json`))?.[1];

  async function loadFor(language: string): Promise<void> {
    if (!isLanguage(language) || i18next.hasResourceBundle(language, namespace)) return;
    const texts = await fileFor(language)?.();
    if (texts) i18next.addResourceBundle(language, namespace, texts.default, true, true);
  }

  async function load(): Promise<void> {
    if (!following) {
      following = true;
      i18next.on('languageChanged', (language) => void loadFor(language));
    }
    await loadFor(i18next.language);
  }

  function useReady(): boolean {
    const { i18n } = useTranslation();
    useEffect(() => {
      void load();
    }, []);
    const ready = i18n.hasResourceBundle(i18n.language, namespace);
    if (onServer && !ready) wantOnServer(`texts ${namespace}`, load);
    return ready;
  }

  return { load, useReady };
}
