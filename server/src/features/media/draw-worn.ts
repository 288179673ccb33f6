/**
 * The body parts a piece is shown worn on: a forearm at the wrist (watches, bracelets), the back of a hand (rings)
 * and a neckline (necklaces). Calm, flat skin tones with soft shading, drawn under the piece; the piece's own drawing
 * goes on top, clipped where a strap or bracelet runs round the wrist out of sight.
 */
import { el, group, linearGradient, radialGradient, softShadow, type Canvas } from './svg-kit.ts';

const SKIN = { light: '#ecd2bd', mid: '#dcb89c', dark: '#b98f70' };

function skinAcross(canvas: Canvas): string {
  return canvas.define('skin-across', (id) =>
    linearGradient(id, [
      [0, SKIN.dark],
      [0.22, SKIN.mid],
      [0.5, SKIN.light],
      [0.8, SKIN.mid],
      [1, SKIN.dark],
    ], { x: 0, y: 0 }, { x: 0, y: 1 }),
  );
}

function skinAlong(canvas: Canvas): string {
  return canvas.define('skin-along', (id) =>
    linearGradient(id, [
      [0, SKIN.dark],
      [0.3, SKIN.mid],
      [0.55, SKIN.light],
      [1, SKIN.mid],
    ], { x: 0, y: 0 }, { x: 1, y: 0 }),
  );
}

/** The wrist's band, from the left edge to the hand on the right: top and bottom edges at y 262..538 near x 400. */
export const WRIST_PATH = 'M-20 250C150 256 300 262 420 264C520 266 600 248 690 236C760 228 830 240 830 240V570C760 582 690 572 610 556C520 540 450 536 400 538C280 540 140 548 -20 556Z';

/** A forearm across the picture with the hand's edge on the right; returns the drawing and the clip for a strap. */
export function wrist(canvas: Canvas): { body: string; clip: string } {
  const clip = canvas.define('wrist-clip', (id) => `<clipPath id="${id}">${el('path', { d: WRIST_PATH })}</clipPath>`);
  const body = [
    softShadow(canvas, 420, 600, 420, 40, 0.12),
    el('path', { d: WRIST_PATH, fill: skinAcross(canvas) }),
    // The wrist bone's soft highlight and the crease where the hand begins.
    el('ellipse', { cx: 560, cy: 330, rx: 60, ry: 22, fill: '#ffffff', opacity: 0.14 }),
    el('path', { d: 'M700 250C690 330 694 430 716 560', fill: 'none', stroke: SKIN.dark, 'stroke-opacity': 0.35, 'stroke-width': 3, 'stroke-linecap': 'round' }),
  ].join('');
  return { body, clip };
}

/** Shading laid over a piece worn round the wrist: darker towards the edges, where it turns away from the eye. */
export function wristShade(canvas: Canvas): string {
  const fill = canvas.define('wrist-shade', (id) =>
    linearGradient(id, [
      [0, '#2a1f17', 0.55],
      [0.2, '#2a1f17', 0.12],
      [0.5, '#2a1f17', 0],
      [0.8, '#2a1f17', 0.12],
      [1, '#2a1f17', 0.55],
    ], { x: 0, y: 0 }, { x: 0, y: 1 }),
  );
  return el('path', { d: WRIST_PATH, fill });
}

/** The centre line of each finger of the hand, from knuckle (bottom) to tip (top); the ring finger is index 2. */
export const FINGERS = [
  { x: 250, knuckle: 560, tip: 250, width: 74 },
  { x: 340, knuckle: 540, tip: 150, width: 80 },
  { x: 432, knuckle: 545, tip: 180, width: 78 },
  { x: 518, knuckle: 570, tip: 270, width: 70 },
] as const;

/** The back of a right hand, fingers up, the thumb to the right; rings sit on FINGERS[2] at about y 430. */
export function hand(canvas: Canvas): string {
  const fill = skinAlong(canvas);
  const fingers = FINGERS.map((f) =>
    group(
      {},
      el('rect', { x: f.x - f.width / 2, y: f.tip, width: f.width, height: f.knuckle - f.tip + 80, rx: f.width / 2, fill, stroke: SKIN.dark, 'stroke-opacity': 0.35, 'stroke-width': 2 }),
      el('path', { d: `M${f.x - f.width / 2 + 14} ${f.tip + 34}Q${f.x} ${f.tip + 10} ${f.x + f.width / 2 - 14} ${f.tip + 34}`, fill: '#f6e8dd', opacity: 0.7 }),
      el('path', { d: `M${f.x - 16} ${(f.tip + f.knuckle) / 2 + 10}Q${f.x} ${(f.tip + f.knuckle) / 2 + 16} ${f.x + 16} ${(f.tip + f.knuckle) / 2 + 10}`, fill: 'none', stroke: SKIN.dark, 'stroke-opacity': 0.35, 'stroke-width': 2.5, 'stroke-linecap': 'round' }),
    ),
  ).join('');
  const back = el('path', {
    d: 'M200 560C200 530 240 520 290 520H560C600 520 620 560 630 600L660 660C690 620 730 560 770 540C800 530 820 560 805 600C780 680 720 760 660 820H210C200 760 196 640 200 560Z',
    fill,
    stroke: SKIN.dark,
    'stroke-opacity': 0.35,
    'stroke-width': 2,
  });
  return [el('ellipse', { cx: 420, cy: 800, rx: 330, ry: 30, fill: '#3b3026', opacity: 0.1 }), back, fingers].join('');
}

/** A neckline and shoulders, for a necklace seen worn; the chain lies from (300, 360) round to (500, 360). */
export function neckline(canvas: Canvas): string {
  const fill = canvas.define('skin-neck', (id) =>
    radialGradient(id, [
      [0, SKIN.light],
      [0.7, SKIN.mid],
      [1, SKIN.dark],
    ], { x: 0.5, y: 0.35 }, 0.75),
  );
  const garment = canvas.define('garment', (id) =>
    linearGradient(id, [
      [0, '#2f3a48'],
      [1, '#1d2530'],
    ], { x: 0, y: 0 }, { x: 0, y: 1 }),
  );
  return [
    el('path', { d: 'M300 0H500V260C560 300 700 320 800 360V800H0V360C100 320 240 300 300 260Z', fill }),
    // The collarbones and the shadow under the chin.
    el('path', { d: 'M230 380C290 398 350 396 390 384M410 384C450 396 510 398 570 380', fill: 'none', stroke: SKIN.dark, 'stroke-opacity': 0.4, 'stroke-width': 3, 'stroke-linecap': 'round' }),
    el('ellipse', { cx: 400, cy: 30, rx: 110, ry: 40, fill: SKIN.dark, opacity: 0.35 }),
    // A dark neckline of the dress, low and wide, so the necklace lies on skin.
    el('path', { d: 'M0 520C140 600 260 700 400 720C540 700 660 600 800 520V800H0Z', fill: garment }),
  ].join('');
}
