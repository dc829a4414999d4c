import { expect, test } from '@playwright/test';
import { privateCommunityAndOutsider } from '../support/communities.ts';
import { signedInContext } from '../support/members.ts';

test('an owner invites a person by user name, sees the invitation waiting, and withdraws it: the person’s open page follows', async ({
  browser,
  page: setup,
}) => {
  const { ann, bob, community, b } = await privateCommunityAndOutsider(browser, setup.request, 'Invited', 'By invitation');

  await expect(b.page.getByRole('button', { name: `Request to join ${community.name}` })).toBeVisible();

  // Ann invites Bob from the Invites tab; he is listed as not having answered yet.
  const a = await signedInContext(browser, ann);
  await a.page.goto(`/communities/${community.id}/invites`);
  await a.page.getByLabel('User name').fill(`@${bob.username}`);
  await a.page.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(a.page.getByText(`@${bob.username} is invited and has been told.`)).toBeVisible();
  const waiting = a.page.getByRole('list', { name: 'Invited members' });
  await expect(waiting).toContainText(bob.name);

  // Bob's open page shows the invitation without a reload.
  await expect(b.page.getByRole('group', { name: `Invitation to join ${community.name}` })).toBeVisible();

  // Ann withdraws it: her list empties, and Bob's page is back to asking.
  await a.page.getByRole('button', { name: `Withdraw the invitation of ${bob.name}` }).click();
  await expect(a.page.getByText(`The invitation of ${bob.name} is withdrawn.`)).toBeVisible();
  await expect(waiting).toBeHidden();
  await expect(b.page.getByRole('group', { name: `Invitation to join ${community.name}` })).toBeHidden();
  await expect(b.page.getByRole('button', { name: `Request to join ${community.name}` })).toBeVisible();

  await a.context.close();
  await b.context.close();
});
