/**
 * What the shopper hears about storage (texts in locales/<lang>/storage.json): a write that found no room even after
 * the caches were cleared waits, with a notice that stays until it is saved; then a short "saved".
 */
import i18next from 'i18next';
import { currentNotifications, dismissNotification, notify } from '../../ui/notifications.tsx';
import { lazyTexts } from '../texts/lazy-texts.ts';
import type { StorageNotices } from './storage-pressure.ts';

const texts = lazyTexts('storage', import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/storage.json'));

async function storageTexts() {
  await texts.load();
  const t = i18next.getFixedT(i18next.language, 'storage');
  return { t, ok: { label: t('ok') }, regionLabel: t('notices') };
}

/** The waiting notice on screen, to take away once the write is saved. */
let shownWaiting: Promise<string> | null = null;

export const storageNotices: StorageNotices = {
  waiting() {
    shownWaiting = storageTexts().then(({ t, ok, regionLabel }) => {
      const message = t('waiting');
      notify({ type: 'warning', message, action1: ok, hasNoTimeout: true }, { regionLabel });
      return message;
    });
  },
  settled(saved) {
    const waiting = shownWaiting;
    shownWaiting = null;
    void Promise.all([waiting, storageTexts()]).then(([message, { t, ok, regionLabel }]) => {
      for (const shown of currentNotifications()) if (shown.message === message) dismissNotification(shown.id);
      if (saved) notify({ type: 'success', message: t('saved'), action1: ok }, { regionLabel });
    });
  },
};
