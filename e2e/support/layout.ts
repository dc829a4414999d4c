import { expect, type Locator } from '@playwright/test';

/** Wholly on screen and not cut short by an ellipsis: the text is as wide as the box it is drawn in. */
export async function expectUnclipped(element: Locator) {
  await expect(element).toBeInViewport({ ratio: 1 });
  const { scroll, client } = await element.evaluate((e) => ({ scroll: e.scrollWidth, client: e.clientWidth }));
  expect(scroll, `${await element.textContent()} is cut short`).toBeLessThanOrEqual(client);
}
