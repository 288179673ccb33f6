import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { axeClean } from './a11y.ts';
import { searchApi } from './utils.ts';

/**
 * The product page that sells (issue 19, items 4 and 5): a gallery of distinct views with a zoom lightbox worked by
 * the keyboard, and the "before you buy" panel of a pre-owned piece with its links to an expert.
 */
/** The few properties of an <img> the journey reads (the journeys compile without the DOM's types). */
interface Img {
  complete: boolean;
  naturalWidth: number;
  currentSrc: string;
  src: string;
}

interface GalleryProduct {
  sku: string;
  name: string;
  url_path: string;
  type_id: string;
  margin_product: boolean;
  media_gallery: Array<{ image: string }>;
}

const SHOTS = process.env.SHOTS_DIR;

async function preOwnedWatch(page: Page): Promise<GalleryProduct> {
  const { items } = await searchApi<GalleryProduct>(page.request, { type: 'product', storeCode: 'en', filters: { type_id: 'simple' }, size: 200 });
  const found = items.find((p) => p.margin_product && p.media_gallery.length >= 4 && p.media_gallery[0]?.image.includes('/watch/'));
  if (!found) throw new Error('The demo shop has no pre-owned watch with four pictures');
  return found;
}

test('the gallery zooms in a lightbox worked by the keyboard, and the pre-owned piece says what a buyer asks', async ({ page }) => {
  test.setTimeout(120_000);
  const watch = await preOwnedWatch(page);
  await page.goto(`/en/${watch.url_path}`);
  await expect(page.getByRole('heading', { level: 1, name: watch.name })).toBeVisible();

  // Every picture has its size set (nothing jumps), the main one offers the shop's sizes.
  const gallery = page.getByRole('region', { name: 'Product images' });
  const main = gallery.getByRole('button', { name: /Enlarge picture 1 of \d+/ });
  await expect(main.locator('img')).toHaveAttribute('srcset', /\?size=310 310w, .*\?size=744 744w/);
  for (const img of await gallery.locator('img').all()) {
    await expect(img).toHaveAttribute('width', /^\d+$/);
    await expect(img).toHaveAttribute('height', /^\d+$/);
  }
  // The demo draws distinct views: four different pictures, each served.
  const thumbs = gallery.getByRole('button', { name: /Show image/ });
  await expect(thumbs).toHaveCount(watch.media_gallery.length);
  const sources = await gallery.locator('.gallery__thumb img').evaluateAll((imgs) => imgs.map((img) => (img as unknown as Img).currentSrc || (img as unknown as Img).src));
  expect(new Set(sources).size).toBe(watch.media_gallery.length);

  // The trust panel of a pre-owned piece.
  const panel = page.getByRole('region', { name: 'Before you buy' });
  await expect(panel.getByText('Pre-owned', { exact: true })).toBeVisible();
  await expect(panel).toContainText('Inspected and described by our watchmakers');
  await expect(panel).toContainText('With our own 2-year warranty.');
  await expect(panel).toContainText('14 days to change your mind');
  await axeClean(page, 'the product page');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/product-desktop.png`, fullPage: false });

  // Open from the main picture; arrows move, + zooms, Escape closes and the focus is back on the picture.
  await main.click();
  const total = watch.media_gallery.length;
  const dialog = page.getByRole('dialog', { name: `Picture 1 of ${total}` });
  await expect(dialog).toBeVisible();
  const picture = dialog.locator('.lightbox__image');
  await expect(picture).toHaveAttribute('srcset', /\?size=744 744w, .*\?size=1600 1600w/);
  await expect.poll(() => picture.evaluate((el) => (el as unknown as Img).complete && (el as unknown as Img).naturalWidth > 0)).toBe(true);
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('dialog', { name: `Picture 2 of ${total}` })).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('dialog', { name: `Picture ${total} of ${total}` })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  const stage = dialog.locator('.lightbox__stage');
  await page.keyboard.press('+');
  await expect(stage).toHaveAttribute('data-zoom', '2.00');
  // Zoomed, the 1600-pixel copy is loaded.
  await expect(picture).toHaveAttribute('src', /\?size=1600$/);
  await expect.poll(() => picture.evaluate((el) => (el as unknown as Img).complete && (el as unknown as Img).currentSrc.endsWith('?size=1600'))).toBe(true);
  await page.keyboard.press('-');
  await expect(stage).toHaveAttribute('data-zoom', '1.00');
  // A click zooms in where it lands, a second click back out.
  await stage.click({ position: { x: 60, y: 60 } });
  await expect(stage).toHaveAttribute('data-zoom', '2.00');
  await axeClean(page, 'the open lightbox');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/product-lightbox-desktop.png` });
  await stage.click({ position: { x: 60, y: 60 } });
  await expect(stage).toHaveAttribute('data-zoom', '1.00');
  // Tab stays inside the dialog.
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(d.ownerDocument.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(gallery.getByRole('button', { name: /Enlarge picture 1 of/ })).toBeFocused();

  // Ask an expert: the contact form, and the appointment booking.
  await panel.getByRole('link', { name: 'Ask an expert' }).click();
  await expect(page).toHaveURL(new RegExp(`/en/contacts\\?product=${watch.sku}&name=`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The form is about the piece.
  await expect(page.getByLabel('Message')).toHaveValue(`I have a question about ${watch.name} (${watch.sku}).\n\n`);
  await page.goBack();
  await page.getByRole('region', { name: 'Before you buy' }).getByRole('link', { name: 'Book an appointment to see it' }).click();
  await expect(page).toHaveURL(/\/en\/make-an-appointment$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('on a phone the gallery and the panel fit, and two fingers pinch the picture in the lightbox', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
  const page = await context.newPage();
  try {
    const watch = await preOwnedWatch(page);
    await page.goto(`/en/${watch.url_path}`);
    await expect(page.getByRole('heading', { level: 1, name: watch.name })).toBeVisible();
    const main = page.getByRole('button', { name: /Enlarge picture 1 of/ });
    await expect.poll(() => main.locator('img').evaluate((el) => (el as unknown as Img).complete && (el as unknown as Img).naturalWidth > 0)).toBe(true);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/product-phone.png` });
    await axeClean(page, 'the product page on a phone');
    await main.click();
    const stage = page.locator('.lightbox__stage');
    await expect(stage).toBeVisible();
    // A pinch: two pointers move apart from the centre.
    const box = (await stage.boundingBox())!;
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    await stage.evaluate((el, { cx, cy }) => {
      const Pointer = (globalThis as unknown as { PointerEvent: new (type: string, init: Record<string, unknown>) => Event }).PointerEvent;
      const fire = (type: string, id: number, x: number) => el.dispatchEvent(new Pointer(type, { pointerId: id, pointerType: 'touch', clientX: x, clientY: cy, bubbles: true, isPrimary: id === 1 }));
      fire('pointerdown', 1, cx - 20);
      fire('pointerdown', 2, cx + 20);
      fire('pointermove', 1, cx - 50);
      fire('pointermove', 2, cx + 50);
      fire('pointerup', 1, cx - 50);
      fire('pointerup', 2, cx + 50);
    }, { cx, cy });
    await expect(stage).toHaveAttribute('data-zoom', '2.50');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/product-lightbox-phone.png` });
    await axeClean(page, 'the lightbox on a phone');
  } finally {
    await context.close();
  }
});
