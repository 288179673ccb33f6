import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../app/i18n.ts';
import { loadDevtoolsPanelTexts } from './devtools-panels-texts.ts';
import type { QueueTaskReport } from './devtools-protocol.ts';
import { QueuePanel } from './queue-panel.tsx';

const NOW = 1_800_000_000_000;
const task = (id8: string, over: Partial<QueueTaskReport>): QueueTaskReport => ({
  id8,
  kind: 'contact',
  method: 'POST',
  path: '/api/forms/contacts',
  status: 'pending',
  reason: 'queued',
  step: null,
  attempts: 0,
  lastError: null,
  resultCode: null,
  auth: 'public',
  photos: { count: 0, bytes: 0, uploaded: 0 },
  created_at: NOW - 60_000,
  transmited_at: null,
  nextAttemptAt: null,
  ...over,
});

const TASKS: QueueTaskReport[] = [
  task('aaaa0001', { reason: 'offline' }),
  task('aaaa0002', { reason: 'backoff', attempts: 2, lastError: 'Service unavailable', nextAttemptAt: NOW + 5_000 }),
  task('aaaa0003', { kind: 'profile', path: '/api/user/me', auth: 'customer', reason: 'waiting-customer' }),
  task('aaaa0004', { status: 'sending', reason: null, step: 'uploading', kind: 'tradeIn', photos: { count: 2, bytes: 4096, uploaded: 1 } }),
  task('aaaa0005', { status: 'sent', reason: null, resultCode: 200, transmited_at: NOW - 1_000 }),
  task('aaaa0006', { status: 'failed', reason: 'Please provide valid e-mail address', resultCode: 400, transmited_at: NOW - 1_000 }),
  task('aaaa0007', { status: 'failed', kind: 'profile', auth: 'customer', reason: 'Error refreshing user token. User is not authorized to access the resource', resultCode: 401 }),
  task('aaaa0008', { reason: 'waiting-lock' }),
  task('aaaa0009', { reason: 'waiting-cart' }),
];

beforeAll(async () => {
  await initI18n('en');
  await loadDevtoolsPanelTexts();
});
afterEach(cleanup);

const rowOf = (id8: string) => screen.getByText(id8).closest('tr')!;

describe('the queue panel', () => {
  it('shows each task with its state and the reason spelled out', () => {
    render(<QueuePanel tabs={[{ tabId: 't1', open: true, leader: true, queue: TASKS }]} now={NOW} />);
    expect(rowOf('aaaa0001').textContent).toContain('offline: waits for the connection');
    expect(rowOf('aaaa0002').textContent).toContain('retry in 5 s after: Service unavailable');
    expect(rowOf('aaaa0003').textContent).toContain("kept for its customer's next login");
    expect(rowOf('aaaa0004').textContent).toContain('sending');
    expect(rowOf('aaaa0004').textContent).toContain('uploading photos');
    expect(rowOf('aaaa0004').textContent).toContain('2 photos, 1 uploaded, 4 kB');
    expect(rowOf('aaaa0005').textContent).toContain('sent');
    expect(rowOf('aaaa0006').textContent).toContain('Please provide valid e-mail address');
    expect(rowOf('aaaa0006').textContent).toContain('400');
    expect(rowOf('aaaa0007').textContent).toContain('401');
    expect(rowOf('aaaa0008').textContent).toContain('waits 1 s: a token refresh is under way');
    expect(rowOf('aaaa0009').textContent).toContain('waits for a cart id');
    expect(within(rowOf('aaaa0003')).getByText('customer')).toBeTruthy();
  });

  it('filters by state, with the counts on the buttons', () => {
    render(<QueuePanel tabs={[{ tabId: 't1', open: true, leader: true, queue: TASKS }]} now={NOW} />);
    fireEvent.click(screen.getByRole('button', { name: 'Failed (2)' }));
    expect(screen.getByRole('button', { name: 'Failed (2)' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByText('aaaa0001')).toBeNull();
    expect(screen.getByText('aaaa0006')).toBeTruthy();
    expect(screen.getByText('aaaa0007')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Pending (5)' }));
    expect(screen.getByText('aaaa0001')).toBeTruthy();
    expect(screen.queryByText('aaaa0005')).toBeNull();
    expect(screen.getByRole('button', { name: 'Sending (1)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sent (1)' })).toBeTruthy();
  });

  it('says when no tab reported', () => {
    render(<QueuePanel tabs={[]} now={NOW} />);
    expect(screen.getByText('No shop tab is open. Open the shop in this browser to see its queue.')).toBeTruthy();
  });
});
