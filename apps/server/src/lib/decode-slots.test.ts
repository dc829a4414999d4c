import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DecodeSlots, decodeSlots } from './decode-slots.ts';
import { reencodePicture } from './images.ts';

describe('picture decodes run a fixed number at a time', () => {
  it('runs at most its size together, the rest in order, and every one finishes', async () => {
    const slots = new DecodeSlots(2);
    const order: number[] = [];
    const picture = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        slots.run(async () => {
          await sharp(picture).resize(100).webp().toBuffer();
          order.push(i);
        }),
      ),
    );
    expect(slots.peak).toBe(2);
    expect(order.sort()).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('is what the app re-encodes pictures through', async () => {
    const picture = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#654321' } })
      .jpeg()
      .toBuffer();
    await Promise.all(Array.from({ length: 5 }, () => reencodePicture(picture, [{ resize: { width: 64 }, quality: 70 }], 'no')));
    expect(decodeSlots.peak).toBe(2);
  });
});
