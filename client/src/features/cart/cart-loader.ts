/**
 * The door to the cart for pages and the header, none of it on the first paint: the cart itself (local database,
 * connection, sync: cart-runtime.ts), started once; and its texts (the `cart` namespace), loaded on first use and
 * then for every language switched to.
 */
import { isLanguage } from '@shop/shared/stores/stores';
import i18next from 'i18next';
import { useEffect } from 'react';
import { useTranslation } from '../../app/i18n.ts';
import type { CartRuntime } from './cart-runtime.ts';

let runtime: Promise<CartRuntime> | undefined;

/** This tab's cart, started on the first call. */
export function loadCart(): Promise<CartRuntime> {
  runtime ??= import('./cart-runtime.ts')
    .then((module) => module.startCartRuntime())
    .catch((error: unknown) => {
      runtime = undefined;
      throw error;
    });
  return runtime;
}

const loaders = import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/cart.json');
let following = false;

async function load(language: string): Promise<void> {
  if (!isLanguage(language) || i18next.hasResourceBundle(language, 'cart')) return;
  const texts = await loaders[`../../locales/${language}/cart.json`]?.();
  if (texts) i18next.addResourceBundle(language, 'cart', texts.default, true, true);
}

export async function loadCartTexts(): Promise<void> {
  if (!following) {
    following = true;
    i18next.on('languageChanged', (language) => void load(language));
  }
  await load(i18next.language);
}

/** Whether the cart's texts are in; the first component that needs them loads them. */
export function useCartTexts(): boolean {
  const { i18n } = useTranslation();
  useEffect(() => {
    void loadCartTexts();
  }, []);
  return i18n.hasResourceBundle(i18n.language, 'cart');
}
