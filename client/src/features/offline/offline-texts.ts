import { lazyTexts } from '../texts/lazy-texts.ts';

const texts = lazyTexts('offline', import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/offline.json'));

export const loadOfflineTexts = texts.load;
