import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentNotifications, DEFAULT_TIME_TO_LIVE_MS, dismissNotification, notify, withNotification, type ShownNotification } from './notifications.tsx';

const ok = { label: 'OK' };

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  for (const shown of currentNotifications()) act(() => dismissNotification(shown.id));
  cleanup();
  vi.useRealTimers();
});

describe('notifications', () => {
  it('do not repeat a message that is still shown (spec 2 §5)', () => {
    const first: ShownNotification = { id: 1, type: 'success', message: 'Product has been added to the cart!', action1: ok };
    const list = withNotification([], first);
    expect(withNotification(list, { ...first, id: 2 })).toBe(list);
    expect(withNotification(list, { ...first, id: 3, type: 'error' })).toHaveLength(2);
  });

  it('never show a blank message, and close with Escape from the keyboard', () => {
    act(() => notify({ type: 'info', message: '  ', action1: ok }));
    expect(currentNotifications()).toEqual([]);
    expect(document.querySelector('.notification')).toBeNull();
    act(() => notify({ type: 'info', message: 'Saved', action1: ok, hasNoTimeout: true }));
    expect(screen.getByRole('region').getAttribute('aria-live')).toBe('polite');
    fireEvent.keyDown(screen.getByRole('button', { name: 'OK' }), { key: 'Escape' });
    expect(screen.queryByText('Saved')).toBeNull();
  });

  it('show with an OK action, announce errors as alerts, and hide after 5000 ms unless told otherwise', async () => {
    act(() => notify({ type: 'success', message: 'Added', action1: ok }, { regionLabel: 'Notifications' }));
    act(() => notify({ type: 'error', message: 'Out of stock', action1: ok, hasNoTimeout: true }));
    expect(screen.getByRole('region', { name: 'Notifications' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Added');
    expect(screen.getByRole('alert').textContent).toContain('Out of stock');

    act(() => vi.advanceTimersByTime(DEFAULT_TIME_TO_LIVE_MS - 1));
    expect(screen.queryByText('Added')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Added')).toBeNull();
    expect(screen.queryByText('Out of stock')).not.toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByText('Out of stock')).toBeNull();
  });

  it('keep their own time to live, and run a second action before closing', () => {
    const proceed = vi.fn();
    act(() => notify({ type: 'success', message: 'Added again', action1: ok, action2: { label: 'Proceed to checkout', onClick: proceed }, timeToLive: 1000 }));
    fireEvent.click(screen.getByRole('button', { name: 'Proceed to checkout' }));
    expect(proceed).toHaveBeenCalledOnce();
    expect(screen.queryByText('Added again')).toBeNull();

    act(() => notify({ type: 'info', message: 'Short', action1: ok, timeToLive: 1000 }));
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByText('Short')).toBeNull();
  });
});
