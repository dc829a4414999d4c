import { expect, test } from '@playwright/test';
import { expectUnclipped } from '../support/layout.ts';
import { registerMember } from '../support/members.ts';
import { phoneSized } from '../support/touch.ts';

test('on a phone the header shows the whole scan pill beside its counters, and toasts open below the header', async ({
  browser,
  page: setup,
}) => {
  const ann = await registerMember(setup.request, 'Ann');
  const bob = await registerMember(setup.request, 'Bob');
  // Unread counts on the header's counters: the pill must fit beside them too.
  const auth = { authorization: `Bearer ${bob.token}` };
  expect((await setup.request.post('/api/chat/send', { headers: auth, data: { peer_id: ann.id, text: 'Hello Ann' } })).status()).toBe(201);
  expect((await setup.request.post(`/api/users/${ann.id}/follow`, { headers: auth })).ok()).toBe(true);

  const context = await browser.newContext(phoneSized);
  const page = await context.newPage();
  await page.goto('/auth/login');
  await page.getByLabel('Email Address').fill(ann.email);
  await page.getByLabel('Password', { exact: true }).fill('Secret#123');
  await page.getByRole('button', { name: 'Sign In' }).click();

  // The spec's sign-in toast, top-center: below the header, so its menu, counters and avatar stay in reach.
  await expect(page.getByRole('alert').filter({ hasText: 'Login successful!' })).toBeVisible();
  const toast = page.locator('.Toastify__toast').filter({ hasText: 'Login successful!' });
  const header = page.getByRole('banner');
  // Measured while the toast is up: it slides in, and leaves upwards after 5 s, so a slow run measured after the
  // counters below once caught it on its way out. The position is polled until the entrance has settled.
  const headerBox = (await header.boundingBox())!;
  await expect.poll(async () => (await toast.boundingBox())?.y ?? -Infinity).toBeGreaterThanOrEqual(headerBox.y + headerBox.height - 0.5);
  const toastBox = (await toast.boundingBox())!;
  expect(Math.abs(toastBox.x + toastBox.width / 2 - 390 / 2)).toBeLessThanOrEqual(1);
  await expect(header.getByTestId('chats-unread')).toHaveText('1');
  await expect(header.getByTestId('notifications-unread')).toHaveText('1');

  const pill = header.getByRole('link', { name: /^Scan/ });
  await expectUnclipped(pill);
  await expect(pill).toContainText('Scan nearby');
  // Every control of the header is a whole 44 px target on the screen.
  for (const control of [
    header.getByRole('button', { name: 'Open menu' }),
    header.getByRole('link', { name: /^Chats/ }),
    header.getByRole('link', { name: /^Community chats/ }),
    header.getByRole('button', { name: /^Notifications/ }),
    header.getByRole('link', { name: 'Your profile' }),
    pill,
  ]) {
    await expect(control).toBeInViewport({ ratio: 1 });
    const box = (await control.boundingBox())!;
    expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
  }

  // The pill fits on a small phone and on every wider screen, its long text from tablets on.
  for (const width of [360, 480, 640, 768, 900, 1024, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    await expectUnclipped(pill);
  }
  await context.close();
});
