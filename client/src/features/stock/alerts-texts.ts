/** The stock alerts' texts (the `alerts` namespace): loaded with the button or the my-account section, never first. */
import { lazyTexts } from '../texts/lazy-texts.ts';

const texts = lazyTexts('alerts', import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/alerts.json'));

export const loadAlertsTexts = texts.load;
export const useAlertsTexts = texts.useReady;
