import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEVTOOLS_PATH, devtoolsEnabled } from './devtools-enabled.ts';
import { isDevtoolsShortcut, listenForDevtoolsShortcut } from './devtools-shortcut.ts';
import { expireStoredToken } from './agent-start.ts';
import { readUser, writeUser } from '../account/session-store.ts';

const key = (over: Partial<KeyboardEvent>) => ({ altKey: true, shiftKey: true, ctrlKey: false, metaKey: false, repeat: false, code: 'KeyD', ...over });

afterEach(() => {
  vi.unstubAllEnvs();
  document.head.querySelector('meta[name="shop-devtools"]')?.remove();
  writeUser(null);
});

describe('whether the visualizer is on', () => {
  it('is on in a build only when the served page carries its meta', () => {
    vi.stubEnv('DEV', false);
    expect(devtoolsEnabled()).toBe(false);
    document.head.insertAdjacentHTML('beforeend', '<meta name="shop-devtools" content="on">');
    expect(devtoolsEnabled()).toBe(true);
  });

  it('is always on in development', () => {
    vi.stubEnv('DEV', true);
    expect(devtoolsEnabled()).toBe(true);
  });
});

describe('the shortcut', () => {
  it('is Alt+Shift+D by the key’s place, without Ctrl or Meta, not repeated', () => {
    expect(isDevtoolsShortcut(key({}))).toBe(true);
    expect(isDevtoolsShortcut(key({ ctrlKey: true }))).toBe(false);
    expect(isDevtoolsShortcut(key({ metaKey: true }))).toBe(false);
    expect(isDevtoolsShortcut(key({ shiftKey: false }))).toBe(false);
    expect(isDevtoolsShortcut(key({ code: 'KeyS' }))).toBe(false);
    expect(isDevtoolsShortcut(key({ repeat: true }))).toBe(false);
  });

  it('opens the visualizer in a new tab that gets no handle on the shop', () => {
    const open = vi.fn();
    const target = new EventTarget() as EventTarget & { open: typeof open };
    target.open = open;
    listenForDevtoolsShortcut(target as unknown as Window);
    target.dispatchEvent(new KeyboardEvent('keydown', { altKey: true, shiftKey: true, code: 'KeyD' }));
    target.dispatchEvent(new KeyboardEvent('keydown', { altKey: true, code: 'KeyD' }));
    expect(open).toHaveBeenCalledTimes(1);
    expect(open).toHaveBeenCalledWith(DEVTOOLS_PATH, '_blank', 'noopener');
  });
});

describe('expiring the access token (fault switch)', () => {
  it('replaces the stored access token by one the server refuses, keeping the refresh token', () => {
    expect(expireStoredToken()).toBe(false);
    writeUser({ token: 'eyJ2IjoxfQ.c2lnbmF0dXJl', refreshToken: 'refresh-1', expiresAt: Date.now() + 900_000, sessionId: 's1', current: null, orders_history: [], orders_total: 0, session_started: 1 });
    expect(expireStoredToken()).toBe(true);
    const user = readUser()!;
    expect(user.token).not.toBe('eyJ2IjoxfQ.c2lnbmF0dXJl');
    expect(user.token.startsWith('eyJ2IjoxfQ.')).toBe(true);
    expect(user.refreshToken).toBe('refresh-1');
    expect(user.sessionId).toBe('s1');
  });
});
