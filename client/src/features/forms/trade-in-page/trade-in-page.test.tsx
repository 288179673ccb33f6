import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeCatalogue, renderShop } from '../../../test/shop-test-utils.tsx';
import { queue, resetQueue } from '../../../test/fake-task-queue.ts';

vi.mock('../../sync/task-queue.ts', () => import('../../../test/fake-task-queue.ts'));

const JPEG = [0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1];
const picture = (name: string, bytes = 64) => new File([new Uint8Array([...JPEG, ...new Array<number>(bytes).fill(0)])], name, { type: 'image/jpeg' });

beforeEach(() => {
  resetQueue();
  installFakeCatalogue({
    categories: [],
    attributes: [{ attribute_id: 9, attribute_code: 'brand', frontend_label: 'Brand', frontend_input: 'select', options: [{ value: '1', label: 'Rolex' }, { value: '2', label: 'Omega' }], is_comparable: true, is_visible_on_front: true, is_filterable: true, is_searchable: true, position: 1 }],
  });
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  await i18next.changeLanguage('en');
});

async function openTradeIn() {
  await renderShop('/en/trade-in-or-sell-your-watch');
  return (await screen.findByRole('heading', { level: 1, name: 'Trade in or sell your watch' }, { timeout: 5000 })).closest('.forms-page') as HTMLElement;
}

const pick = (page: HTMLElement, files: File[]) => fireEvent.change(page.querySelector('input[type="file"]')!, { target: { files } });

function fill(page: HTMLElement) {
  const within_ = within(page);
  fireEvent.change(within_.getByLabelText('Brand'), { target: { value: 'Rolex' } });
  fireEvent.change(within_.getByLabelText('Model or reference'), { target: { value: 'Submariner 16610' } });
  fireEvent.change(within_.getByLabelText('Year of purchase'), { target: { value: '2004' } });
  fireEvent.change(within_.getByLabelText('Desired amount (EUR)'), { target: { value: '8500' } });
  fireEvent.click(within_.getByLabelText('Trade-in'));
  for (const group of ['Receipt present', 'Warranty card present', 'Box available']) fireEvent.click(within(within_.getByRole('group', { name: group })).getByLabelText('Yes'));
  fireEvent.change(within_.getByLabelText('Name'), { target: { value: 'Jan Bakker' } });
  fireEvent.change(within_.getByLabelText('E-mail address'), { target: { value: 'jan@example.com' } });
  fireEvent.click(within_.getByLabelText('I accept the terms and conditions'));
}

describe('the trade-in form', () => {
  it('lists the catalogue’s brands with another brand, whose name is then asked for', async () => {
    const page = await openTradeIn();
    await waitFor(() => expect([...within(page).getByLabelText<HTMLSelectElement>('Brand').options].map((option) => option.textContent)).toEqual(['Please choose', 'Omega', 'Rolex', 'Another brand']));
    fireEvent.change(within(page).getByLabelText('Brand'), { target: { value: 'other' } });
    fireEvent.submit(page.querySelector('form')!);
    expect(within(within(page).getByLabelText('Name of the brand').closest('.form-field') as HTMLElement).getByText('Field is required')).toBeTruthy();
  });

  it('shows the rules’ messages: a valid year, an amount above 0, the terms', async () => {
    const page = await openTradeIn();
    fireEvent.change(within(page).getByLabelText('Year of purchase'), { target: { value: '1850' } });
    fireEvent.change(within(page).getByLabelText('Desired amount (EUR)'), { target: { value: '0' } });
    fireEvent.submit(page.querySelector('form')!);
    expect(within(page).getByText('Please provide a valid year')).toBeTruthy();
    expect(within(page).getByText('Must be greater than 0')).toBeTruthy();
    expect(within(page).getByText('You must accept the terms and conditions')).toBeTruthy();
    expect(document.activeElement).toBe(within(page).getByLabelText('Brand'));
  });

  it('refuses a 7th picture, a file that is no picture and one over 10 MB, naming them, and keeps what was typed', async () => {
    const page = await openTradeIn();
    fireEvent.change(within(page).getByLabelText('Model or reference'), { target: { value: 'Speedmaster' } });
    pick(page, [1, 2, 3, 4, 5].map((n) => picture(`dial-${n}.jpg`)));
    await waitFor(() => expect(within(page).getByText('5 of 6 pictures')).toBeTruthy());
    const fake = new File(['MZ this is a program'], 'clasp.jpg', { type: 'image/jpeg' });
    const huge = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'papers.png', { type: 'image/png' });
    pick(page, [fake, huge, picture('back.jpg'), picture('box.jpg')]);
    expect(await within(page).findByText('clasp.jpg is not a JPEG, PNG, WebP or HEIC picture')).toBeTruthy();
    expect(within(page).getByText('papers.png is larger than 10 MB')).toBeTruthy();
    expect(within(page).getByText('You can add at most 6 pictures')).toBeTruthy();
    await waitFor(() => expect(within(page).getByText('6 of 6 pictures')).toBeTruthy());
    expect(within(page).getByRole('list', { name: '6 of 6 pictures' }).querySelectorAll('li')).toHaveLength(6);
    expect(within(page).getByLabelText<HTMLInputElement>('Model or reference').value).toBe('Speedmaster');
    fireEvent.click(within(page).getByRole('button', { name: 'Remove dial-3.jpg' }));
    expect(within(page).getByText('5 of 6 pictures')).toBeTruthy();
  });

  it('queues one task with the pictures as its attachments and their ids in the body; a refusal of the pictures keeps them and the values', async () => {
    const page = await openTradeIn();
    await waitFor(() => expect(within(page).getByLabelText<HTMLSelectElement>('Brand').options.length).toBe(4));
    fill(page);
    pick(page, [picture('dial.jpg'), picture('back.jpg')]);
    await waitFor(() => expect(within(page).getByText('2 of 6 pictures')).toBeTruthy());
    fireEvent.submit(page.querySelector('form')!);
    await waitFor(() => expect(queue.specs).toHaveLength(1));
    const spec = queue.specs[0]!;
    expect(spec).toMatchObject({ kind: 'tradeIn', auth: 'public', captcha: true, url: '/api/forms/trade-in?storeCode=en&language=en' });
    expect(spec.photos?.map((photo) => photo.name)).toEqual(['dial.jpg', 'back.jpg']);
    expect(spec.body).toMatchObject({ brand: 'Rolex', model: 'Submariner 16610', year: 2004, desired_amount: 8500, intent: 'tradeIn', receipt: true, warranty_card: true, box: true, terms: true, photos: spec.photos?.map((photo) => photo.id) });
    await waitFor(() => expect(queue.watchers.has(spec.taskId!)).toBe(true));
    queue.watchers.get(spec.taskId!)!({ id: spec.taskId!, status: 'failed', resultCode: 413, error: { code: 'payload_too_large', message: 'Request body is too large' } });
    const again = (await screen.findByRole('heading', { level: 1 })).closest('.forms-page') as HTMLElement;
    expect(await within(again).findByText('The pictures are too large to send')).toBeTruthy();
    expect(within(again).getByText('2 of 6 pictures')).toBeTruthy();
    expect(within(again).getByLabelText<HTMLInputElement>('Model or reference').value).toBe('Submariner 16610');
  });
});
