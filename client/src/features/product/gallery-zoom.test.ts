import { describe, expect, it } from 'vitest';
import { clampPan, lightboxCommand, lightboxSrcSet, MAX_ZOOM, movedIndex, panBy, pinchZoom, stepIndex, toggleZoom, UNZOOMED, zoomBy, zoomTo } from './gallery-zoom.ts';

const BOX = { width: 600, height: 600 };
const WATCH = '/media/catalog/watch/steel-blue-round-index-bracelet-metal/W-000123-1.svg';

describe('lightbox keys', () => {
  it('moves with the arrows, jumps with Home and End, zooms with + and -, resets with 0', () => {
    expect(lightboxCommand('ArrowRight')).toEqual({ kind: 'move', by: 1 });
    expect(lightboxCommand('ArrowLeft')).toEqual({ kind: 'move', by: -1 });
    expect(lightboxCommand('Home')).toEqual({ kind: 'first' });
    expect(lightboxCommand('End')).toEqual({ kind: 'last' });
    expect(lightboxCommand('+')).toEqual({ kind: 'zoom', by: 1 });
    expect(lightboxCommand('=')).toEqual({ kind: 'zoom', by: 1 });
    expect(lightboxCommand('-')).toEqual({ kind: 'zoom', by: -1 });
    expect(lightboxCommand('0')).toEqual({ kind: 'reset' });
    // Escape and Tab belong to the dialog (close, focus trap); letters do nothing.
    for (const key of ['Escape', 'Tab', 'Enter', 'a']) expect(lightboxCommand(key), key).toBeNull();
  });

  it('goes round at either end', () => {
    expect(stepIndex(3, 1, 4)).toBe(0);
    expect(stepIndex(0, -1, 4)).toBe(3);
    expect(stepIndex(0, 1, 0)).toBe(0);
    expect(movedIndex({ kind: 'last' }, 0, 5)).toBe(4);
    expect(movedIndex({ kind: 'first' }, 3, 5)).toBe(0);
    expect(movedIndex({ kind: 'move', by: -1 }, 0, 5)).toBe(4);
  });
});

describe('lightbox zoom', () => {
  it('zooms in and out one level at a time, between 1x and 4x', () => {
    let view = UNZOOMED;
    for (let i = 0; i < 6; i++) view = zoomBy(view, 1, BOX);
    expect(view.zoom).toBe(MAX_ZOOM);
    view = zoomBy(view, -1, BOX);
    expect(view.zoom).toBe(3);
    for (let i = 0; i < 6; i++) view = zoomBy(view, -1, BOX);
    expect(view).toEqual(UNZOOMED);
  });

  it('keeps the clicked point under the pointer, and a second click zooms back out', () => {
    const zoomed = toggleZoom(UNZOOMED, BOX, { x: 100, y: -50 });
    expect(zoomed).toEqual({ zoom: 2, x: -100, y: 50 });
    expect(toggleZoom(zoomed, BOX, { x: 0, y: 0 })).toEqual(UNZOOMED);
  });

  it('never lets a zoomed picture slide out of its frame', () => {
    const zoomed = zoomTo(UNZOOMED, 2, BOX);
    expect(panBy(zoomed, 1000, -1000, BOX)).toEqual({ zoom: 2, x: 300, y: -300 });
    expect(panBy(UNZOOMED, 50, 50, BOX)).toEqual(UNZOOMED);
    expect(clampPan({ zoom: 9, x: 0, y: 0 }, BOX).zoom).toBe(MAX_ZOOM);
  });

  it('pinches in proportion to the fingers\' distance', () => {
    expect(pinchZoom(UNZOOMED, 100, 250, BOX, { x: 0, y: 0 }).zoom).toBe(2.5);
    expect(pinchZoom({ zoom: 2, x: 0, y: 0 }, 200, 100, BOX, { x: 0, y: 0 })).toEqual(UNZOOMED);
    expect(pinchZoom(UNZOOMED, 0, 100, BOX, { x: 0, y: 0 })).toEqual(UNZOOMED);
  });
});

describe('lightbox srcset', () => {
  it('offers the gallery size and the zoom size of a catalogue picture', () => {
    expect(lightboxSrcSet(WATCH)).toBe(`${WATCH}?size=744 744w, ${WATCH}?size=1600 1600w`);
    expect(lightboxSrcSet('https://cdn.example.com/x.jpg')).toBeUndefined();
  });
});
