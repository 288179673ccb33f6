import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { ImageResizer } from './image-resizer.ts';
import { renderProductImage } from './product-image.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-resizer-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const original = path.join(dir, 'W-1-1.svg');
fs.writeFileSync(original, renderProductImage({ kind: 'watch', sku: 'W-1', n: 1, metal: 'rose', dial: 'black', shape: 'cushion', numerals: 'roman', strap: 'leather', strapColour: 'brown' }));
const source = { file: original, relative: 'watch/W-1-1.svg', modifiedMs: fs.statSync(original).mtimeMs };

describe('ImageResizer', () => {
  it('makes a copy once when many ask for it at the same time, and leaves no half-written file', async () => {
    const resizer = new ImageResizer(path.join(dir, 'cache'));
    const answers = await Promise.all(Array.from({ length: 8 }, () => resizer.resized(source, 744, 'webp')));
    expect(resizer.made).toBe(1);
    for (const answer of answers) expect(answer.equals(answers[0]!)).toBe(true);
    const target = resizer.cachePath(source.relative, 744, 'webp');
    expect(target).toBe(path.join(dir, 'cache', '744', 'watch', 'W-1-1.svg.webp'));
    expect(fs.readdirSync(path.dirname(target))).toEqual(['W-1-1.svg.webp']);
    expect(await sharp(target).metadata()).toMatchObject({ format: 'webp', width: 744, height: 744 });
  });

  it('reads a copy another process made from disk instead of making it again', async () => {
    const resizer = new ImageResizer(path.join(dir, 'cache'));
    await resizer.resized(source, 744, 'webp');
    expect(resizer.made).toBe(0);
  });

  it('still answers when the cache cannot be written, and says so', async () => {
    const blocked = path.join(dir, 'blocked');
    fs.writeFileSync(blocked, 'a file where the cache folder should be');
    const errors: unknown[] = [];
    const resizer = new ImageResizer(blocked, (error) => errors.push(error));
    const data = await resizer.resized(source, 150, 'png');
    expect(await sharp(data).metadata()).toMatchObject({ format: 'png', width: 150, height: 150 });
    expect(errors).toHaveLength(1);
  });
});
