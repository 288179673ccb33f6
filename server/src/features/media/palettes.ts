import type { Canvas, MetalPalette } from './svg-kit.ts';
import { darken, lighten, linearGradient, metalStops, radialGradient } from './svg-kit.ts';
import type { DialColour, Metal, Stone, StrapColour, WinderFinish } from './product-image.ts';

export const METAL_PALETTES: Record<Metal, MetalPalette> = {
  yellow: { highlight: '#fff4c4', light: '#f1d68a', mid: '#d2a94c', dark: '#8f6a22' },
  rose: { highlight: '#fde3d6', light: '#eab49b', mid: '#c98466', dark: '#8a4f3b' },
  white: { highlight: '#ffffff', light: '#e9ebee', mid: '#c3c7cd', dark: '#7d838c' },
  platinum: { highlight: '#ffffff', light: '#e4e6e9', mid: '#b9bec5', dark: '#737a84' },
  steel: { highlight: '#ffffff', light: '#e1e4e8', mid: '#aeb4bb', dark: '#676e77' },
  silver: { highlight: '#ffffff', light: '#eceef0', mid: '#c5c9ce', dark: '#858b93' },
  titanium: { highlight: '#e9e9e5', light: '#c9cac5', mid: '#9a9c97', dark: '#5b5d59' },
  ceramic: { highlight: '#8a8c92', light: '#4a4c52', mid: '#2a2b30', dark: '#111114' },
  twotone: { highlight: '#ffffff', light: '#e1e4e8', mid: '#aeb4bb', dark: '#676e77' },
};

/** The second metal of a bi-colour piece (bezel, centre links). */
export function accentMetal(metal: Metal): Metal {
  return metal === 'twotone' ? 'yellow' : metal;
}

export const DIAL_BASE: Record<DialColour, string> = {
  black: '#1b1c20',
  white: '#f4f2ec',
  silver: '#d6d9dc',
  blue: '#1c3b78',
  green: '#1f4b39',
  grey: '#5b626b',
  champagne: '#e0c994',
  brown: '#5a3a25',
  red: '#8a1e29',
  pink: '#e8b2bc',
  mop: '#efebe7',
};

export function isLightDial(dial: DialColour): boolean {
  return dial === 'white' || dial === 'silver' || dial === 'champagne' || dial === 'pink' || dial === 'mop';
}

export const STRAP_BASE: Record<StrapColour, string> = {
  metal: '#aeb4bb',
  black: '#1f1f22',
  brown: '#5b3821',
  tan: '#a7683a',
  blue: '#1f3558',
  green: '#2e4a3a',
  grey: '#6b6f74',
  red: '#7a1d25',
  white: '#ecebe7',
};

export const WINDER_BASE: Record<WinderFinish, string> = {
  black: '#1b1b1f',
  walnut: '#6b4127',
  carbon: '#2a2b2f',
  white: '#efede8',
};

export interface StonePalette {
  base: string;
  light: string;
  dark: string;
}

export const STONE_PALETTES: Record<Stone, StonePalette> = {
  none: { base: '#d9d9d9', light: '#ffffff', dark: '#9a9a9a' },
  diamond: { base: '#e6ebf0', light: '#ffffff', dark: '#8996a5' },
  yellowdiamond: { base: '#f6df7a', light: '#fff8cf', dark: '#c09a22' },
  pinkdiamond: { base: '#f2b3c4', light: '#ffe5ed', dark: '#b8667f' },
  sapphire: { base: '#1f3f9a', light: '#6d92e8', dark: '#0a1848' },
  ruby: { base: '#b3102e', light: '#f25a74', dark: '#560412' },
  emerald: { base: '#0e7a4a', light: '#55c891', dark: '#03381d' },
  tanzanite: { base: '#4a3a9e', light: '#9584e6', dark: '#221859' },
  amethyst: { base: '#7b3fa0', light: '#c194dd', dark: '#3c1455' },
  aquamarine: { base: '#7cc3d4', light: '#cdf0f7', dark: '#3a8294' },
  topaz: { base: '#3d9bd6', light: '#a6daf6', dark: '#175783' },
  citrine: { base: '#e39a20', light: '#f9d274', dark: '#975706' },
  peridot: { base: '#8db62c', light: '#d1e982', dark: '#4a680e' },
  garnet: { base: '#7a1020', light: '#c8485a', dark: '#37040c' },
  morganite: { base: '#e8ada2', light: '#fbdfd9', dark: '#b37065' },
  tourmaline: { base: '#d04a7a', light: '#f4a2c0', dark: '#7a1a41' },
  spinel: { base: '#c0284a', light: '#f06f8c', dark: '#5e0a1f' },
  pearl: { base: '#f1ebe2', light: '#ffffff', dark: '#c4b6a3' },
};

/** A metal gradient registered once per canvas; `direction` turns the light bands. */
export function metalFill(canvas: Canvas, metal: Metal, direction: 'diagonal' | 'vertical' | 'horizontal' = 'diagonal'): string {
  const palette = METAL_PALETTES[metal];
  const to = direction === 'vertical' ? { x: 0, y: 1 } : direction === 'horizontal' ? { x: 1, y: 0 } : { x: 1, y: 1 };
  return canvas.define(`metal-${metal}-${direction}`, (id) => linearGradient(id, metalStops(palette), { x: 0, y: 0 }, to));
}

/** The darker metal for surfaces turned away from the light (the inside of a band, a case side). */
export function shadedMetalFill(canvas: Canvas, metal: Metal): string {
  const p = METAL_PALETTES[metal];
  return canvas.define(`metal-${metal}-shaded`, (id) =>
    linearGradient(id, [
      [0, p.dark],
      [0.5, p.mid],
      [1, darken(p.dark, 0.2)],
    ], { x: 0, y: 0 }, { x: 1, y: 0 }),
  );
}

export function stoneGlow(canvas: Canvas, stone: Stone): string {
  const p = STONE_PALETTES[stone];
  return canvas.define(`stone-glow-${stone}`, (id) =>
    radialGradient(id, [
      [0, lighten(p.light, 0.3)],
      [0.45, p.base],
      [1, p.dark],
    ], { x: 0.42, y: 0.38 }, 0.62),
  );
}
