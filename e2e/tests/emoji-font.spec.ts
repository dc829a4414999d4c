import { expect, test, type Page } from '@playwright/test';

/**
 * Emoji come from the font the app serves ('Noto Color Emoji' in the body's font stack), and Chromium draws only some
 * colour-font formats: a face it cannot draw still claims the character, so the emoji takes its width and shows
 * nothing. This browser has no emoji font of its own, so whatever colour appears is the served font's.
 */

/** How many pixels of a PNG are strongly coloured (not a grey of the page, the text or a missing-glyph box). */
async function colouredPixels(page: Page, png: Buffer) {
  return page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const ctx = canvas.getContext('2d')!;
    ctx.drawImage(bitmap, 0, 0);
    const { data } = ctx.getImageData(0, 0, bitmap.width, bitmap.height);
    let count = 0;
    for (let i = 0; i < data.length; i += 4) {
      const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
      if (Math.max(r, g, b) - Math.min(r, g, b) > 80) count++;
    }
    return count;
  }, png.toString('base64'));
}

/** Puts `text` on the page in the app's body font, large, and waits until the fonts it needs are in. */
async function show(page: Page, id: string, text: string) {
  await page.evaluate(
    async ([id, text]) => {
      const el = document.createElement('span');
      el.id = id;
      el.textContent = text;
      el.style.cssText = 'position:fixed;top:8px;left:8px;z-index:1000;font-size:64px;line-height:1;padding:8px';
      document.body.append(el);
      await document.fonts.load(`64px ${getComputedStyle(document.body).fontFamily}`, text);
      await document.fonts.ready;
    },
    [id, text] as const,
  );
  return page.locator(`#${id}`);
}

test('an emoji is drawn in colour, from a font slice loaded only once an emoji is shown', async ({ page }) => {
  const fonts: { url: string; bytes: number }[] = [];
  page.on('response', async (res) => {
    if (!/\.woff2?(\?|$)/.test(res.url())) return;
    fonts.push({ url: res.url(), bytes: (await res.body()).length });
  });
  await page.goto('/auth/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  // A page without emoji costs no emoji font.
  expect(fonts).toEqual([]);

  const blank = await show(page, 'blank-probe', '\u00a0\u00a0');
  const blankPixels = await colouredPixels(page, await blank.screenshot());
  await blank.evaluate((el) => el.remove());

  // Thumbs up: the commonest reaction, and one that the text fonts here (DejaVu) lack, so the stack reaches the emoji font.
  const emoji = await show(page, 'emoji-probe', '👍');
  const box = (await emoji.boundingBox())!;
  const pixels = await colouredPixels(page, await emoji.screenshot());
  // The face is ours and it is loaded (not a system font, not a face still on its way).
  expect(
    await page.evaluate(() =>
      [...document.fonts].some((f) => f.family.replace(/["']/g, '') === 'Noto Color Emoji' && f.status === 'loaded'),
    ),
  ).toBe(true);
  // A thumb fills much of its square in yellow; an invisible glyph or a grey box leaves next to nothing.
  expect(blankPixels).toBeLessThan(20);
  expect(pixels, `coloured pixels of a ${Math.round(box.width)}x${Math.round(box.height)} emoji`).toBeGreaterThan(
    (box.width * box.height) / 5,
  );

  // One slice of the font, not the whole of it: emoji fonts run to megabytes.
  await expect.poll(() => fonts.length).toBeGreaterThan(0);
  expect(fonts.length, fonts.map((f) => f.url).join(', ')).toBe(1);
  expect(fonts[0]!.bytes).toBeLessThan(600_000);
});
