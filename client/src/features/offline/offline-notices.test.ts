import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n, switchLanguage } from '../../app/i18n.ts';
import { currentNotifications, dismissNotification } from '../../ui/notifications.tsx';
import { notifyListingUnavailable, notifyPageUnavailable, notifyUpdateAvailable } from './offline-notices.ts';

describe('offline notices', () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  afterEach(async () => {
    act(() => currentNotifications().forEach((notification) => dismissNotification(notification.id)));
    cleanup();
    await switchLanguage('en', false);
  });

  it("alerts 'not available in Offline mode', with OK", async () => {
    await act(() => notifyPageUnavailable());
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('The product, category or CMS page is not available in Offline mode. Redirecting to Home.');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("warns 'No products synchronized for this category…' once, however often asked, with OK", async () => {
    await act(async () => {
      await notifyListingUnavailable();
      await notifyListingUnavailable();
    });
    const warnings = screen.getAllByRole('status').filter((element) => element.textContent?.includes('No products synchronized for this category. Please come back while online!'));
    expect(warnings).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'OK' })).toBeTruthy();
  });

  it('offers a new version quietly until acted on, with Reload beside OK', async () => {
    const reload = vi.fn();
    await act(() => notifyUpdateAvailable(reload));
    expect(screen.getByRole('status').textContent).toContain('A new version of the shop is available.');
    expect(currentNotifications()[0]?.hasNoTimeout).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('speaks the interface language', async () => {
    await act(() => switchLanguage('nl', false));
    await act(() => notifyPageUnavailable());
    expect(screen.getByRole('alert').textContent).toContain('Het product, de categorie of de pagina is offline niet beschikbaar.');
    expect(screen.getByRole('region', { name: 'Meldingen' })).toBeTruthy();
  });
});
