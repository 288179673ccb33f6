/**
 * The operator's inbox over HTTP and the retention sweep, on the engine under test: list, show, a photo as a download,
 * handled, erase; after INBOX_KEEP_DAYS personal data and photos are gone and the counts stay; photos no form took
 * go after a day.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { movableClock } from '../accounts/accounts.test-support.ts';
import { orderCatalogue } from '../orders/orders.test-support.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { cleanUpLater } from '../../test/clean-up.ts';
import { countByKind, findUpload, getSubmission } from './inbox.repository.ts';
import { applyRetention, DAY_MS } from './retention.ts';
import { inboxDir } from './uploads.ts';

const ADMIN = 'inbox-admin-token-0123456789abcdef';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-inbox-'));
cleanUpLater(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
const clock = movableClock();
const app: FastifyInstance = await buildTestApp({ catalogue: orderCatalogue(), clock: clock.now, config: { dataDir, adminToken: ADMIN, captcha: { provider: 'off', difficulty: 1, recaptchaSecret: null, recaptchaSiteKey: null } } });
const admin = { authorization: `Bearer ${ADMIN}` };

const tradeIn = { brand: 'Omega', model: 'Speedmaster', year: '1999', desired_amount: '3000', intent: 'sale', receipt: 'no', warranty_card: 'no', box: 'yes', name: 'Piet Klaassen', email: 'piet@example.nl', phone: '+31 6 1234 5678', terms: true };

async function sendTradeIn(): Promise<{ id: number; photo: string }> {
  const taskId = `task-${randomUUID()}`;
  const photo = randomUUID();
  const jpeg = await sharp({ create: { width: 20, height: 20, channels: 3, background: { r: 1, g: 2, b: 3 } } }).jpeg().toBuffer();
  expect((await app.inject({ method: 'PUT', url: `/api/uploads/${photo}`, payload: jpeg, headers: { 'content-type': 'image/jpeg', 'x-task-id': taskId } })).statusCode).toBe(200);
  const response = await app.inject({ method: 'POST', url: '/api/forms/trade-in', payload: { ...tradeIn, photos: [photo] }, headers: { 'x-task-id': taskId } });
  expect(response.statusCode, response.body).toBe(200);
  return { id: response.json().result.submission_id as number, photo };
}

describe('admin inbox', () => {
  it('is closed without the admin token', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/admin/inbox' })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/admin/inbox', headers: { authorization: 'Bearer wrong' } })).statusCode).toBe(403);
  });

  it('lists, shows, downloads a photo, marks handled and erases', async () => {
    const { id, photo } = await sendTradeIn();
    const list = (await app.inject({ method: 'GET', url: '/api/admin/inbox?kind=tradeIn&status=new', headers: admin })).json().result as Array<{ id: number }>;
    expect(list.map((row) => row.id)).toContain(id);
    const shown = (await app.inject({ method: 'GET', url: `/api/admin/inbox/${id}`, headers: admin })).json().result;
    expect(shown).toMatchObject({ kind: 'tradeIn', name: 'Piet Klaassen', phone: '+31 6 1234 5678', data: { brand: 'Omega', photos: [photo] }, files: [{ id: photo, position: 0 }] });
    const file = await app.inject({ method: 'GET', url: `/api/admin/inbox/${id}/files/${photo}`, headers: admin });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.headers['content-disposition']).toMatch(/^attachment;/);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect((await app.inject({ method: 'GET', url: '/api/admin/inbox?kind=spam', headers: admin })).statusCode).toBe(400);
    expect((await app.inject({ method: 'POST', url: `/api/admin/inbox/${id}/handled`, headers: admin })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/admin/inbox?status=handled', headers: admin })).json().result.map((row: { id: number }) => row.id)).toContain(id);
    const stored = path.join(inboxDir(dataDir), (await findUpload(app.db, photo))!.path);
    expect(fs.existsSync(stored)).toBe(true);
    expect((await app.inject({ method: 'DELETE', url: `/api/admin/inbox/${id}`, headers: admin })).statusCode).toBe(200);
    expect(fs.existsSync(stored)).toBe(false);
    expect(await getSubmission(app.db, id)).toMatchObject({ kind: 'tradeIn', name: null, email: null, phone: null, data: { redacted: true }, files: [] });
    expect((await app.inject({ method: 'DELETE', url: '/api/admin/inbox/99999999', headers: admin })).statusCode).toBe(404);
  });

  it('stores a custom form definition, refusing a broken one', async () => {
    const label = { en: 'Size', nl: 'Maat', de: 'Größe' };
    expect((await app.inject({ method: 'PUT', url: '/api/admin/forms/ring-size', headers: admin, payload: { definition: { title: label, fields: [{ name: 'size', type: 'number', required: true, label }] } } })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/forms/definitions/ring-size' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'PUT', url: '/api/admin/forms/ring-size', headers: admin, payload: { definition: { title: label, fields: [] } } })).statusCode).toBe(400);
    expect((await app.inject({ method: 'PUT', url: '/api/admin/forms/Not%20A%20Slug', headers: admin, payload: {} })).statusCode).toBe(400);
  });
});

describe('retention', () => {
  it('after INBOX_KEEP_DAYS removes personal data and photos and keeps the counts; unlinked photos go after a day', async () => {
    const { id, photo } = await sendTradeIn();
    const stored = path.join(inboxDir(dataDir), (await findUpload(app.db, photo))!.path);
    const loose = randomUUID();
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 0, g: 0, b: 0 } } }).png().toBuffer();
    await app.inject({ method: 'PUT', url: `/api/uploads/${loose}`, payload: png, headers: { 'content-type': 'image/png', 'x-task-id': 'task-abandoned-01' } });
    const loosePath = path.join(inboxDir(dataDir), (await findUpload(app.db, loose))!.path);
    const counts = await countByKind(app.db);

    const start = clock.now().getTime();
    // A day and a minute later: the photo no form took is gone, the form's own photo stays.
    const early = await applyRetention(app.db, { dataDir, keepDays: 180, now: start + DAY_MS + 60_000 });
    expect(early.unlinked).toBe(1);
    expect(fs.existsSync(loosePath)).toBe(false);
    expect(fs.existsSync(stored)).toBe(true);
    expect((await getSubmission(app.db, id))!.name).toBe('Piet Klaassen');

    const late = await applyRetention(app.db, { dataDir, keepDays: 180, now: start + 181 * DAY_MS });
    expect(late.redacted).toBeGreaterThanOrEqual(1);
    expect(fs.existsSync(stored)).toBe(false);
    expect(await getSubmission(app.db, id)).toMatchObject({ name: null, email: null, phone: null, data: { redacted: true }, files: [], kind: 'tradeIn' });
    expect(await countByKind(app.db)).toEqual(counts);
    // Twice is harmless.
    expect((await applyRetention(app.db, { dataDir, keepDays: 180, now: start + 181 * DAY_MS })).redacted).toBe(0);
  });
});
