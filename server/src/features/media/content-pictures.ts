/**
 * The demo shop's content pictures (magazine heroes, service pages, landing pages): wide editorial scenes composed
 * from the product drawings (watches, stones, jewellery, winders) on a backdrop, drawn locally as SVG and written
 * to `${DATA_DIR}/media/content/` at seeding, where `/media/content/:name` serves and resizes them like any file an
 * operator puts there. The name says what is drawn (`{scene}-{backdrop}-{n}.svg`), so a picture is the same every time.
 */
import { OWNER_DIR_MODE, OWNER_FILE_MODE } from '../../storage/owner-only.ts';
import fs from 'node:fs/promises';
import path from 'node:path';
import { drawWinder } from './draw-accessories.ts';
import { drawEarrings, drawNecklace, drawRing } from './draw-jewellery.ts';
import { drawLooseStone, glint } from './draw-stones.ts';
import { drawWatch, watchFront } from './draw-watch.ts';
import { contentDir } from './media-files.ts';
import type { Cut, DialColour, JewelleryImage, Metal, Numerals, Stone, StoneImage, WatchImage } from './product-image.ts';
import { type Canvas, blurFilter, createCanvas, el, fmt, group, hashString, linearGradient, radialGradient, svgDocument } from './svg-kit.ts';

export const CONTENT_SCENES = ['trio', 'dial', 'movement', 'diamonds', 'gems', 'jewellery', 'atelier', 'boutique'] as const;
export const CONTENT_BACKDROPS = ['navy', 'ink', 'forest', 'bordeaux', 'cream', 'marble', 'sand'] as const;
export type ContentScene = (typeof CONTENT_SCENES)[number];
export type ContentBackdrop = (typeof CONTENT_BACKDROPS)[number];

export interface ContentPicture {
  scene: ContentScene;
  backdrop: ContentBackdrop;
  /** 1..99: picks the metals, dials and stones of the scene. */
  n: number;
}

/** A hero's size in pixels (16:9); the route serves it smaller on request. */
export const CONTENT_PICTURE_WIDTH = 1600;
export const CONTENT_PICTURE_HEIGHT = 900;

const NAME = /^([a-z]+)-([a-z]+)-([1-9][0-9]?)\.svg$/;

export function contentPictureName(picture: ContentPicture): string {
  return `${picture.scene}-${picture.backdrop}-${picture.n}.svg`;
}

/** The scene a file name describes, or null when the name is not one this module draws. */
export function parseContentPictureName(name: string): ContentPicture | null {
  const match = NAME.exec(name);
  if (!match) return null;
  const [, scene = '', backdrop = '', n = ''] = match;
  if (!(CONTENT_SCENES as readonly string[]).includes(scene) || !(CONTENT_BACKDROPS as readonly string[]).includes(backdrop)) return null;
  return { scene: scene as ContentScene, backdrop: backdrop as ContentBackdrop, n: Number(n) };
}

// ---- Backdrops ----

interface BackdropStyle {
  top: string;
  bottom: string;
  light: string;
  lightOpacity: number;
  dark: boolean;
}

const BACKDROPS: Record<ContentBackdrop, BackdropStyle> = {
  navy: { top: '#0b1730', bottom: '#050b18', light: '#3d5f9e', lightOpacity: 0.55, dark: true },
  ink: { top: '#1b1c20', bottom: '#0b0b0d', light: '#6b6258', lightOpacity: 0.5, dark: true },
  forest: { top: '#13281f', bottom: '#08130e', light: '#3f6b55', lightOpacity: 0.5, dark: true },
  bordeaux: { top: '#2e0f16', bottom: '#14060a', light: '#7a2f3b', lightOpacity: 0.5, dark: true },
  cream: { top: '#f8f3ea', bottom: '#e9dfcd', light: '#ffffff', lightOpacity: 0.9, dark: false },
  marble: { top: '#f4f3f0', bottom: '#dedbd5', light: '#ffffff', lightOpacity: 0.8, dark: false },
  sand: { top: '#eadcc6', bottom: '#cdb896', light: '#fbf3e4', lightOpacity: 0.8, dark: false },
};

/** A small deterministic sequence for one picture's placements. */
function sequence(seed: string): () => number {
  let state = hashString(seed) || 1;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 0x100000000;
  };
}

function backdrop(canvas: Canvas, kind: ContentBackdrop, width: number, height: number, focusX: number, random: () => number): string {
  const style = BACKDROPS[kind];
  const wall = canvas.define('wall', (id) => linearGradient(id, [[0, style.top], [1, style.bottom]], { x: 0, y: 0 }, { x: 0, y: 1 }));
  const spot = canvas.define('spot', (id) => radialGradient(id, [[0, style.light, style.lightOpacity], [0.6, style.light, style.lightOpacity * 0.25], [1, style.light, 0]]));
  const parts = [el('rect', { width, height, fill: wall }), el('ellipse', { cx: width * focusX, cy: height * 0.46, rx: width * 0.42, ry: height * 0.62, fill: spot })];
  // A table top: the lower part a shade darker with a soft edge, where the pieces lie.
  const table = canvas.define('table', (id) =>
    linearGradient(id, [[0, style.dark ? '#000000' : '#6b5a44', 0], [0.08, style.dark ? '#000000' : '#6b5a44', style.dark ? 0.22 : 0.08], [1, style.dark ? '#000000' : '#6b5a44', style.dark ? 0.45 : 0.16]], { x: 0, y: 0 }, { x: 0, y: 1 }),
  );
  parts.push(el('rect', { x: 0, y: height * 0.7, width, height: height * 0.3, fill: table }));
  if (kind === 'marble') {
    const soft = canvas.define('vein-blur', (id) => blurFilter(id, 2.2));
    for (let i = 0; i < 9; i++) {
      const y = height * random();
      const d = `M${fmt(-50)} ${fmt(y)}C${fmt(width * 0.3)} ${fmt(y + (random() - 0.5) * 400)} ${fmt(width * 0.6)} ${fmt(y + (random() - 0.5) * 400)} ${fmt(width + 50)} ${fmt(y + (random() - 0.5) * 300)}`;
      parts.push(el('path', { d, fill: 'none', stroke: '#8d8a86', 'stroke-opacity': 0.12 + random() * 0.14, 'stroke-width': 1 + random() * 3, filter: soft }));
    }
  } else if (kind === 'cream' || kind === 'sand') {
    // Linen: fine threads both ways.
    const threads: string[] = [];
    for (let x = 0; x < width; x += 6) threads.push(`M${x} 0V${height}`);
    for (let y = 0; y < height; y += 6) threads.push(`M0 ${y}H${width}`);
    parts.push(el('path', { d: threads.join(''), stroke: '#8a7556', 'stroke-opacity': 0.05, 'stroke-width': 1 }));
  } else {
    // Velvet: a few out-of-focus lights far behind.
    const bokeh = canvas.define('bokeh', (id) => blurFilter(id, 16));
    for (let i = 0; i < 12; i++) {
      parts.push(el('circle', { cx: width * random(), cy: height * 0.6 * random(), r: 10 + random() * 36, fill: style.light, opacity: 0.04 + random() * 0.1, filter: bokeh }));
    }
  }
  return parts.join('');
}

function vignette(canvas: Canvas, kind: ContentBackdrop, width: number, height: number): string {
  const dark = BACKDROPS[kind].dark;
  const fill = canvas.define('vignette', (id) =>
    radialGradient(id, [[0, '#000000', 0], [0.7, '#000000', 0], [1, '#000000', dark ? 0.55 : 0.16]], { x: 0.5, y: 0.5 }, 0.75),
  );
  return el('rect', { width, height, fill });
}

// ---- Pieces: a product drawing (800 x 800, centred on 400, 400) placed in the scene in its own id space ----

interface Piece {
  defs: string[];
  body: string;
}

function piece(seed: string, draw: (canvas: Canvas) => string, at: { x: number; y: number; scale: number; rotate?: number }): Piece {
  const canvas = createCanvas(`content/${seed}`);
  const body = draw(canvas);
  return { defs: canvas.defs, body: group({ transform: `translate(${fmt(at.x)} ${fmt(at.y)}) rotate(${fmt(at.rotate ?? 0)}) scale(${fmt(at.scale)}) translate(-400 -400)` }, body) };
}

const pick = <T>(list: readonly T[], random: () => number): T => list[Math.floor(random() * list.length) % list.length] as T;

const WATCH_METALS: readonly Metal[] = ['steel', 'yellow', 'rose', 'white', 'twotone', 'platinum'];
const DIALS: readonly DialColour[] = ['black', 'blue', 'silver', 'green', 'champagne', 'white', 'grey', 'brown'];
const NUMERALS: readonly Numerals[] = ['index', 'roman', 'arabic', 'index'];
const GEMS: readonly Stone[] = ['sapphire', 'ruby', 'emerald', 'tanzanite', 'aquamarine', 'morganite', 'amethyst', 'spinel'];
const CUTS: readonly Cut[] = ['brilliant', 'oval', 'cushion', 'pear', 'emerald', 'princess', 'marquise', 'radiant'];

function watch(sku: string, random: () => number, strap?: WatchImage['strap']): WatchImage {
  const metal = pick(WATCH_METALS, random);
  const kind = strap ?? pick(['bracelet', 'leather', 'leather', 'rubber'] as const, random);
  const strapColour = kind === 'bracelet' ? 'metal' : pick(['brown', 'black', 'tan', 'blue'] as const, random);
  return { kind: 'watch', sku, n: 1, metal, dial: pick(DIALS, random), shape: random() < 0.8 ? 'round' : pick(['cushion', 'square', 'tonneau'] as const, random), numerals: pick(NUMERALS, random), strap: kind, strapColour };
}

function sceneTrio(key: string, random: () => number, w: number, h: number): Piece[] {
  const spots = [
    { x: w * 0.5, y: h * 0.52, scale: 0.95, rotate: -8 },
    { x: w * 0.76, y: h * 0.47, scale: 0.85, rotate: 14 },
    { x: w * 0.25, y: h * 0.5, scale: 0.8, rotate: -20 },
  ];
  return [spots[2]!, spots[1]!, spots[0]!].map((at, i) => piece(`${key}/w${i}`, (c) => drawWatch(c, watch(`${key}-${i}`, random), 1), at));
}

function sceneDial(key: string, random: () => number, w: number, h: number): Piece[] {
  const p = watch(key, random, 'bracelet');
  return [piece(`${key}/dial`, (c) => watchFront(c, p, 700), { x: w * 0.66, y: h * 0.55, scale: 1.85, rotate: -12 })];
}

function sceneMovement(key: string, random: () => number, w: number, h: number): Piece[] {
  const p = watch(key, random, 'leather');
  return [
    piece(`${key}/back`, (c) => drawWatch(c, p, 4), { x: w * 0.38, y: h * 0.5, scale: 1.05, rotate: 10 }),
    piece(`${key}/front`, (c) => drawWatch(c, { ...p, sku: `${key}-f` }, 1), { x: w * 0.72, y: h * 0.53, scale: 0.9, rotate: -16 }),
  ];
}

function sceneDiamonds(key: string, random: () => number, w: number, h: number): Piece[] {
  const pieces: Piece[] = [];
  for (let i = 0; i < 7; i++) {
    const stone: StoneImage = { kind: 'diamond', sku: `${key}-${i}`, n: 1, stone: i === 3 && random() < 0.5 ? 'yellowdiamond' : 'diamond', cut: i === 0 ? 'brilliant' : pick(CUTS, random) };
    // The large stone in the middle, the small ones on a loose arc around it, never on top of each other.
    const slot = [0, 0.14, 0.26, 0.38, 0.74, 0.86, 0.96][i] ?? 0.5;
    const at = i === 0 ? { x: w * 0.56, y: h * 0.5, scale: 0.95, rotate: 0 } : { x: w * (0.06 + slot * 0.9), y: h * (0.72 - 0.28 * Math.sin(slot * Math.PI) + (random() - 0.5) * 0.08), scale: 0.17 + random() * 0.1, rotate: random() * 360 };
    pieces.push(piece(`${key}/d${i}`, (c) => drawLooseStone(c, stone, i === 0 ? 1 : 4), at));
  }
  return pieces.reverse();
}

function sceneGems(key: string, random: () => number, w: number, h: number): Piece[] {
  const count = 5;
  const start = Math.floor(random() * GEMS.length);
  return Array.from({ length: count }, (_, i) => {
    const stone: StoneImage = { kind: 'gem', sku: `${key}-${i}`, n: 1, stone: GEMS[(start + i) % GEMS.length]!, cut: CUTS[(start + i * 3) % CUTS.length]! };
    const x = w * (0.14 + (0.72 * i) / (count - 1));
    const lift = Math.sin((i / (count - 1)) * Math.PI);
    return piece(`${key}/g${i}`, (c) => drawLooseStone(c, stone, 1), { x, y: h * (0.58 - 0.12 * lift), scale: 0.42 + 0.12 * lift, rotate: (random() - 0.5) * 30 });
  });
}

function jewel(kind: JewelleryImage['kind'], key: string, random: () => number, style: JewelleryImage['style']): JewelleryImage {
  const stone = random() < 0.55 ? 'diamond' : pick(GEMS, random);
  return { kind, sku: key, n: 1, metal: pick(['yellow', 'white', 'rose', 'platinum'] as const, random), stone, style, cut: pick(CUTS, random) };
}

function sceneJewellery(key: string, random: () => number, w: number, h: number): Piece[] {
  return [
    piece(`${key}/necklace`, (c) => drawNecklace(c, jewel('necklace', `${key}-n`, random, 'pendant'), 1), { x: w * 0.28, y: h * 0.46, scale: 1.0, rotate: -6 }),
    piece(`${key}/earrings`, (c) => drawEarrings(c, jewel('earring', `${key}-e`, random, 'drop'), 1), { x: w * 0.78, y: h * 0.42, scale: 0.7, rotate: 8 }),
    piece(`${key}/ring`, (c) => drawRing(c, jewel('ring', `${key}-r`, random, pick(['solitaire', 'halo', 'trilogy'] as const, random)), 1), { x: w * 0.55, y: h * 0.6, scale: 0.75, rotate: -4 }),
  ];
}

function sceneAtelier(key: string, random: () => number, w: number, h: number): Piece[] {
  return [
    piece(`${key}/winder`, (c) => drawWinder(c, { kind: 'winder', sku: key, n: 1, finish: pick(['walnut', 'black', 'carbon'] as const, random), metal: 'steel' }, 1), { x: w * 0.3, y: h * 0.5, scale: 0.95 }),
    piece(`${key}/open`, (c) => drawWatch(c, watch(`${key}-o`, random, 'leather'), 4), { x: w * 0.63, y: h * 0.55, scale: 0.75, rotate: -10 }),
    piece(`${key}/front`, (c) => drawWatch(c, watch(`${key}-f`, random), 2), { x: w * 0.84, y: h * 0.58, scale: 0.62, rotate: 6 }),
  ];
}

/** Three shop windows under arches, a piece in each: the boutique. Drawn before the pieces. */
function archWindows(canvas: Canvas, kind: ContentBackdrop, w: number, h: number): string {
  const dark = BACKDROPS[kind].dark;
  const frame = dark ? '#c9a45c' : '#a88850';
  const glass = canvas.define('glass', (id) => linearGradient(id, [[0, dark ? '#ffffff' : '#fffdf7', dark ? 0.09 : 0.75], [1, dark ? '#ffffff' : '#f1e7d6', dark ? 0.02 : 0.35]], { x: 0, y: 0 }, { x: 0, y: 1 }));
  const parts: string[] = [];
  for (let i = 0; i < 3; i++) {
    const cx = w * (0.25 + 0.25 * i);
    const half = w * 0.095;
    const top = h * 0.14;
    const bottom = h * 0.8;
    const d = `M${fmt(cx - half)} ${fmt(bottom)}V${fmt(top + half)}A${fmt(half)} ${fmt(half)} 0 0 1 ${fmt(cx + half)} ${fmt(top + half)}V${fmt(bottom)}Z`;
    parts.push(el('path', { d, fill: glass, stroke: frame, 'stroke-width': 3 }));
    parts.push(el('rect', { x: cx - half * 0.8, y: h * 0.7, width: half * 1.6, height: h * 0.03, rx: 3, fill: frame, opacity: 0.7 }));
  }
  return parts.join('');
}

function sceneBoutique(key: string, random: () => number, w: number, h: number): Piece[] {
  return [
    piece(`${key}/b0`, (c) => drawWatch(c, watch(`${key}-0`, random), 1), { x: w * 0.25, y: h * 0.5, scale: 0.42 }),
    piece(`${key}/b1`, (c) => drawNecklace(c, jewel('necklace', `${key}-1`, random, 'pendant'), 1), { x: w * 0.5, y: h * 0.47, scale: 0.44 }),
    piece(`${key}/b2`, (c) => drawRing(c, jewel('ring', `${key}-2`, random, 'solitaire'), 1), { x: w * 0.75, y: h * 0.52, scale: 0.4 }),
  ];
}

const SCENES: Record<ContentScene, { focus: number; draw: (key: string, random: () => number, w: number, h: number) => Piece[] }> = {
  trio: { focus: 0.5, draw: sceneTrio },
  dial: { focus: 0.66, draw: sceneDial },
  movement: { focus: 0.5, draw: sceneMovement },
  diamonds: { focus: 0.56, draw: sceneDiamonds },
  gems: { focus: 0.5, draw: sceneGems },
  jewellery: { focus: 0.5, draw: sceneJewellery },
  atelier: { focus: 0.55, draw: sceneAtelier },
  boutique: { focus: 0.5, draw: sceneBoutique },
};

/** The SVG document of a content picture, 1600 x 900. */
export function renderContentPicture(picture: ContentPicture): string {
  const w = CONTENT_PICTURE_WIDTH;
  const h = CONTENT_PICTURE_HEIGHT;
  const key = contentPictureName(picture).replace(/\.svg$/, '');
  const random = sequence(key);
  const canvas = createCanvas(`content/${key}/scene`);
  const scene = SCENES[picture.scene];
  const back = backdrop(canvas, picture.backdrop, w, h, scene.focus, random);
  const windows = picture.scene === 'boutique' ? archWindows(canvas, picture.backdrop, w, h) : '';
  const pieces = scene.draw(key, random, w, h);
  const sparkle =
    picture.scene === 'diamonds' || picture.scene === 'gems'
      ? Array.from({ length: 10 }, () => glint(w * (0.1 + 0.8 * random()), h * (0.15 + 0.7 * random()), 4 + random() * 12, 0.3 + random() * 0.5)).join('')
      : '';
  for (const p of pieces) canvas.defs.push(...p.defs);
  return svgDocument(w, h, canvas, [back, windows, ...pieces.map((p) => p.body), sparkle, vignette(canvas, picture.backdrop, w, h)], { preserveAspectRatio: 'xMidYMid slice' });
}

export interface ContentPicturesSummary {
  files: number;
  bytes: number;
}

/** Writes the named pictures under `${DATA_DIR}/media/content/`; a file already there (the operator's) is left alone. */
export async function writeContentPictures(dataDir: string, names: Iterable<string>): Promise<ContentPicturesSummary> {
  const dir = contentDir(dataDir);
  await fs.mkdir(dir, { recursive: true, mode: OWNER_DIR_MODE });
  let files = 0;
  let bytes = 0;
  for (const name of new Set(names)) {
    const picture = parseContentPictureName(name);
    if (!picture) continue;
    const svg = renderContentPicture(picture);
    try {
      await fs.writeFile(path.join(dir, name), svg, { mode: OWNER_FILE_MODE, flag: 'wx' });
      files++;
      bytes += svg.length;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return { files, bytes };
}
