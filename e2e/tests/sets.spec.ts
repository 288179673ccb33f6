import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { parsePrice, searchApi } from './utils.ts';

/** Grouped products and bundles (spec 1 §4) on the real seeded demo, in the English store. */

interface Member {
  sku: string;
  name: string;
  visibility: number;
  url_path: string;
  final_price_incl_tax: number;
}

interface SetProduct {
  sku: string;
  name: string;
  url_path: string;
  product_links?: Array<{ linked_product_sku: string; qty: number; position: number }>;
  bundle_options?: Array<{
    option_id: number;
    title: string;
    type: 'select' | 'radio' | 'checkbox';
    required: boolean;
    position: number;
    product_links: Array<{ id: number; sku: string; qty: number; is_default: boolean; position: number }>;
  }>;
}

async function members(request: APIRequestContext, sku: string): Promise<Member[]> {
  const response = await request.get(`/api/catalog/product/members?storeCode=en&sku=${encodeURIComponent(sku)}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { result: Member[] }).result;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const startsWith = (text: string) => new RegExp(`^${escape(text)}`);
/** A bundle option's fieldset is named by its title and whether it is required. */
const optionGroup = (title: string) => new RegExp(`^${escape(title)} (Required|Optional)$`);

test('a grouped product lists the pieces of its set, and a piece opens its own page', async ({ page, request }) => {
  const { items } = await searchApi<SetProduct>(request, { type: 'product', storeCode: 'en', filters: { type_id: 'grouped' }, size: 20 });
  const set = items.find((item) => (item.product_links ?? []).length > 0);
  expect(set, 'a grouped product in the demo catalogue').toBeDefined();
  const pieces = await members(request, set!.sku);
  expect(pieces.length).toBeGreaterThan(0);

  await page.goto(`/en/${set!.url_path}`);
  await expect(page.getByRole('heading', { level: 1, name: set!.name })).toBeVisible();
  const list = page.getByRole('region', { name: 'In this set' });
  await expect(list.getByRole('listitem')).toHaveCount(pieces.length);
  for (const piece of pieces) await expect(list.getByText(piece.name, { exact: true })).toBeVisible();
  await expect(list.getByText(/In stock|Out of stock/)).toHaveCount(pieces.length);
  await expect(list.getByText(/€\d/)).toHaveCount(pieces.length);

  const visible = pieces.find((piece) => piece.visibility > 1 && piece.url_path);
  expect(visible, 'a piece of this set with a page of its own').toBeDefined();
  await list.getByRole('link', { name: visible!.name }).click();
  await expect(page).toHaveURL(new RegExp(`/en/${visible!.url_path}$`));
  await expect(page.getByRole('heading', { level: 1, name: visible!.name })).toBeVisible();
});

test('a bundle preselects its defaults; changing a choice changes the total', async ({ page, request }) => {
  const { items } = await searchApi<SetProduct>(request, { type: 'product', storeCode: 'en', filters: { type_id: 'bundle' }, size: 50 });
  // A bundle with a one-of option offering two pieces at different prices.
  let found: { bundle: SetProduct; pieces: Map<string, Member>; option: NonNullable<SetProduct['bundle_options']>[number]; from: string; to: string } | undefined;
  for (const bundle of items) {
    const pieces = new Map((await members(request, bundle.sku)).map((piece) => [piece.sku, piece]));
    for (const option of bundle.bundle_options ?? []) {
      if (option.type === 'checkbox') continue;
      const links = [...option.product_links].sort((a, b) => a.position - b.position);
      const chosen = links.find((link) => link.is_default) ?? links[0];
      const other = links.find((link) => link !== chosen && pieces.has(link.sku) && Math.round(pieces.get(link.sku)!.final_price_incl_tax * link.qty) !== Math.round(pieces.get(chosen!.sku)!.final_price_incl_tax * chosen!.qty));
      if (chosen && other && pieces.has(chosen.sku)) {
        found = { bundle, pieces, option, from: chosen.sku, to: other.sku };
        break;
      }
    }
    if (found) break;
  }
  expect(found, 'a bundle with a choice between two differently priced pieces').toBeDefined();
  const { bundle, pieces, option, from, to } = found!;
  const qtyOf = (sku: string) => option.product_links.find((link) => link.sku === sku)!.qty;

  await page.goto(`/en/${bundle.url_path}`);
  await expect(page.getByRole('heading', { level: 1, name: bundle.name })).toBeVisible();
  const group = page.getByRole('group', { name: optionGroup(option.title) });
  await expect(group).toContainText(option.required ? 'Required' : 'Optional');
  const fromChoice = group.getByRole('radio', { name: startsWith(pieces.get(from)!.name) });
  const toChoice = group.getByRole('radio', { name: startsWith(pieces.get(to)!.name) });
  await expect(fromChoice).toBeChecked();
  await expect(toChoice).not.toBeChecked();

  const total = page.getByRole('status').filter({ hasText: 'Your selection' });
  await expect(total).toContainText(/€\d/);
  const before = parsePrice((await total.textContent()) ?? '');
  // Before any change, the total is the bundle price the server computed from the same defaults.
  const headline = page.locator('.product-price');
  expect(parsePrice((await headline.textContent()) ?? '')).toBe(before);

  await toChoice.check();
  await expect(fromChoice).not.toBeChecked();
  const delta = pieces.get(to)!.final_price_incl_tax * qtyOf(to) - pieces.get(from)!.final_price_incl_tax * qtyOf(from);
  await expect.poll(async () => parsePrice((await total.textContent()) ?? '')).not.toBe(before);
  const after = parsePrice((await total.textContent()) ?? '');
  expect(Math.abs(after - (before + delta))).toBeLessThanOrEqual(1);
  expect(parsePrice((await headline.textContent()) ?? '')).toBe(after);

  // An optional add-on can be left out: the total drops by its price.
  const addOn = (bundle.bundle_options ?? []).find((candidate) => candidate.type === 'checkbox' && !candidate.required);
  if (addOn) {
    const boxes = page.getByRole('group', { name: optionGroup(addOn.title) }).getByRole('checkbox', { checked: true });
    if ((await boxes.count()) > 0) {
      await boxes.first().uncheck();
      await expect.poll(async () => parsePrice((await total.textContent()) ?? '')).toBeLessThan(after);
    }
  }
});
