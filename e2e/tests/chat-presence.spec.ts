import { expect, test } from '@playwright/test';
import { registerMember, signedInContext } from '../support/members.ts';

test('a chat opened on someone new shows them coming online and leaving, live', async ({ browser, page: setup }) => {
  const ann = await registerMember(setup.request, 'Ann');
  const bob = await registerMember(setup.request, 'Bob');
  const a = await signedInContext(browser, ann);
  // Ann and Bob have never written to each other.
  await a.page.goto(`/scan-chat/private/${bob.id}`);
  const status = a.page.getByTestId('peer-status');
  await expect(a.page.getByRole('heading', { name: bob.name })).toBeVisible();
  await expect(status).not.toHaveText('online');

  const b = await signedInContext(browser, bob);
  await b.page.goto('/home');
  await expect(status).toHaveText('online');
  await b.context.close();
  await expect(status).toHaveText(/^last seen at /);
  await a.context.close();
});
