/**
 * The offline shell's notices, shown through the shop's notifications (ui/notifications.tsx) in the interface
 * language: the page a shopper opened offline was never cached (spec 2 §8), a category's products were never
 * synchronized (spec 1 §8), and a new version of the shop is ready.
 */
import i18next from 'i18next';
import { notify } from '../../ui/notifications.tsx';
import { loadOfflineTexts } from './offline-texts.ts';

async function offlineTexts() {
  await loadOfflineTexts();
  const t = i18next.getFixedT(i18next.language, 'offline');
  return { t, ok: { label: t('ok') }, regionLabel: t('notices') };
}

/** 'The product, category or CMS page is not available in Offline mode. Redirecting to Home.' */
export async function notifyPageUnavailable(): Promise<void> {
  const { t, ok, regionLabel } = await offlineTexts();
  notify({ type: 'error', message: t('pageUnavailable'), action1: ok }, { regionLabel });
}

/** Spec 1 §8: an offline or failed product list warns 'No products synchronized for this category…' with OK. */
export async function notifyListingUnavailable(): Promise<void> {
  const { t, ok, regionLabel } = await offlineTexts();
  notify({ type: 'warning', message: t('listingUnavailable'), action1: ok }, { regionLabel });
}

/** A quiet notice that stays until acted on: OK (the next navigation updates), or Reload now. */
export async function notifyUpdateAvailable(reload: () => void): Promise<void> {
  const { t, ok, regionLabel } = await offlineTexts();
  notify({ type: 'info', message: t('updateAvailable'), action1: ok, action2: { label: t('reload'), onClick: reload }, hasNoTimeout: true }, { regionLabel });
}
