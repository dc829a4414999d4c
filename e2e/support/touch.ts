import type { Locator, Page } from '@playwright/test';
import { expect } from './a11y.ts';

/** A phone-sized window used with a mouse: for journeys where only the narrow layout counts. */
export const phoneSized = { viewport: { width: 390, height: 844 } };

/** A phone: 390×844, touch, its browser in mobile mode. */
export const phone = { ...phoneSized, hasTouch: true, isMobile: true };

/** Holds a finger on the element until its actions menu is open, then lifts it: Telegram's long press. */
export async function longPress(page: Page, target: Locator) {
  const box = (await target.boundingBox())!;
  const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
  const menu = page.getByRole('menu', { name: 'Message actions' });
  await expect(menu).toBeVisible();
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
  return menu;
}
