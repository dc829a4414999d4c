import { expect, test } from '@playwright/test';
import { privateCommunityAndOutsider } from '../support/communities.ts';
import { signedInContext } from '../support/members.ts';

test("a private community's request to join is approved by its owner, and the requester is in at once", async ({
  browser,
  page: setup,
}) => {
  const { ann, bob, community, b } = await privateCommunityAndOutsider(browser, setup.request, 'Quiet', 'By approval only');

  // Ann has her Requests tab open, with nothing waiting yet.
  const a = await signedInContext(browser, ann);
  await a.page.goto(`/communities/${community.id}/requests`);
  await expect(a.page.getByText('No requests waiting.')).toBeVisible();

  // Bob sees the header, not the content, and asks to join.
  await expect(b.page.getByRole('heading', { level: 1, name: community.name })).toBeVisible();
  await expect(b.page.getByText(/This community is private/)).toBeVisible();
  await b.page.getByRole('button', { name: `Request to join ${community.name}` }).click();
  await expect(b.page.getByRole('button', { name: /withdraw your request/ })).toHaveText('Requested');

  // His request shows in Ann's open tab without a reload, and she approves it.
  await a.page.getByRole('button', { name: `Approve ${bob.name}` }).click();
  await expect(a.page.getByText('No requests waiting.')).toBeVisible();

  // Bob's open page follows without a reload: told, then the chat is open to him.
  await expect(b.page.getByText(`Your request to join ${community.name} was approved`)).toBeVisible();
  await b.page.getByRole('link', { name: 'Open chat' }).click();
  await b.page.getByPlaceholder('Type a message').fill('Thanks for letting me in');
  await b.page.getByPlaceholder('Type a message').press('Enter');
  await a.page.goto(`/scan-chat/community/${community.id}`);
  await expect(a.page.getByTestId('message').filter({ hasText: 'Thanks for letting me in' })).toBeVisible();

  // He is listed as a member.
  await a.page.goto(`/communities/${community.id}/members`);
  await expect(a.page.getByTestId('member-row').filter({ hasText: bob.name })).toContainText('member');
  await a.context.close();
  await b.context.close();
});
