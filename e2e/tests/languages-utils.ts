import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** The header's button that opens the languages modal, in whichever interface language the page speaks. */
export const languagesButton = (page: Page) => page.getByRole('button', { name: /^(Store and language|Winkel en taal|Shop und Sprache):/ });

/** Opens the languages modal, picks a store and/or a language (radio labels as shown), and saves. */
export async function chooseInLanguagesModal(page: Page, choice: { store?: string; language?: string }): Promise<void> {
  await languagesButton(page).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  if (choice.store) await dialog.getByRole('radio', { name: choice.store }).check();
  if (choice.language) await dialog.getByRole('radio', { name: choice.language, exact: true }).check();
  await dialog.getByRole('button', { name: /^(Save|Opslaan|Speichern)$/ }).click();
  await expect(dialog).toBeHidden();
}
