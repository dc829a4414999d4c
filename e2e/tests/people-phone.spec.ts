import { expect, test } from '@playwright/test';
import { expectUnclipped } from '../support/layout.ts';
import { registerMember, signedInContext } from '../support/members.ts';
import { phoneSized as phone } from '../support/touch.ts';

test("on a phone the followers list shows each follower's name and @username beside Remove, Message and Follow back", async ({
  browser,
  page: setup,
}) => {
  const ann = await registerMember(setup.request, 'Ann');
  const bob = await registerMember(setup.request, 'Bob');
  // Bob follows Ann and she has not followed back: her list shows him with all three actions, the widest row.
  const followed = await setup.request.post(`/api/users/${ann.id}/follow`, { headers: { authorization: `Bearer ${bob.token}` } });
  expect(followed.ok()).toBe(true);

  const a = await signedInContext(browser, ann, phone);
  await a.page.goto('/profile');
  await a.page.getByTestId('followers-count').click();
  const row = a.page
    .getByRole('dialog', { name: 'Followers' })
    .getByRole('listitem')
    .filter({ hasText: `@${bob.username}` });

  await expectUnclipped(row.getByRole('link', { name: bob.name, exact: true }));
  await expectUnclipped(row.getByText(`@${bob.username}`, { exact: true }));
  for (const action of [`Remove ${bob.name} from your followers`, `Message ${bob.name}`, `Follow back ${bob.name}`]) {
    const target = row.getByRole(action.startsWith('Message') ? 'link' : 'button', { name: action });
    await expect(target).toBeInViewport({ ratio: 1 });
    const box = (await target.boundingBox())!;
    expect(Math.min(box.width, box.height), `${action} is a 44 px target`).toBeGreaterThanOrEqual(44);
  }
  await a.context.close();
});
