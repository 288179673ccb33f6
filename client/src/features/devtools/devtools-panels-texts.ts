/**
 * The texts of the visualizer's replication and fault panels (the `devtools-panels` namespace), loaded with the
 * visualizer's own lazy chunk and then for every language switched to; never part of a shopper's first load.
 */
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from '../../app/i18n.ts';
import { lazyTexts } from '../texts/lazy-texts.ts';

const NAMESPACE = 'devtools-panels';
const texts = lazyTexts(NAMESPACE, import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/devtools-panels.json'));

export const loadDevtoolsPanelTexts = texts.load;

/** `t` bound to the panels' namespace, and whether its texts are in for the current language. */
export function useDevtoolsPanelTexts(): { t: TFunction; ready: boolean; language: string } {
  const ready = texts.useReady();
  const { i18n } = useTranslation();
  const language = i18n.language;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `ready` turns true when the texts arrive
  const t = useMemo(() => i18n.getFixedT(language, NAMESPACE), [i18n, language, ready]);
  return { t, ready, language };
}
