import { expect, test } from './fixtures.ts';
import { chooseInLanguagesModal, languagesButton } from './languages-utils.ts';

/**
 * The languages modal (spec 1 §2): the store and the language in one dialog a keyboard can use (focus kept inside,
 * Escape closes, focus back on the button), and the choice remembered for the next visit and in every open tab.
 */
test('the store and language are chosen in one keyboard-friendly dialog and remembered across visits and tabs', async ({ page, context }, testInfo) => {
  await page.goto('/nl');
  const button = languagesButton(page);
  await expect(button).toHaveAccessibleName('Winkel en taal: Nederlandse winkel, Nederlands');
  await button.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Winkel en taal' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('radio', { name: 'Nederlandse winkel (/nl)' })).toBeFocused();
  await page.screenshot({ path: testInfo.outputPath('languages-modal.png') });

  // Tab and Shift+Tab never leave the dialog.
  for (let step = 0; step < 8; step += 1) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((element) => element.contains(element.ownerDocument.activeElement))).toBe(true);
  }
  for (let step = 0; step < 8; step += 1) {
    await page.keyboard.press('Shift+Tab');
    expect(await dialog.evaluate((element) => element.contains(element.ownerDocument.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();
  await expect(page).toHaveURL(/\/nl$/);

  // By keyboard: the English store, then German, then Save.
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('radio', { name: 'Nederlandse winkel (/nl)' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(dialog.getByRole('radio', { name: 'Engelse winkel (/en)' })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: 'English', exact: true })).toBeChecked();
  await dialog.getByRole('radio', { name: 'Deutsch' }).check();
  await page.screenshot({ path: testInfo.outputPath('languages-modal-chosen.png') });
  await dialog.getByRole('button', { name: 'Opslaan' }).press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/en$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(languagesButton(page)).toHaveAccessibleName('Shop und Sprache: Englischer Shop, Deutsch');
  await page.screenshot({ path: testInfo.outputPath('languages-chosen-header.png') });

  // A new tab opened without a store in its address: the chosen store and language.
  const other = await context.newPage();
  await other.goto('/');
  await expect(other).toHaveURL(/\/en$/);
  await expect(other.locator('html')).toHaveAttribute('lang', 'de');
  await expect(other.getByRole('combobox', { name: 'Suchen' })).toBeVisible();

  // Dutch chosen in that tab: the first tab speaks Dutch at once, and the next visit starts in the Dutch store.
  await chooseInLanguagesModal(other, { store: 'Niederländischer Shop (/nl)', language: 'Nederlands' });
  await expect(other).toHaveURL(/\/nl$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
  await expect(page.getByRole('combobox', { name: 'Zoeken' })).toBeVisible();
  await page.goto('/');
  await expect(page).toHaveURL(/\/nl$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
});
