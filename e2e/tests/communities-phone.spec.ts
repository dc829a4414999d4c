import { expect, test } from '@playwright/test';
import { communityMessages, createCommunity, joinCommunity, sendToCommunity } from '../support/communities.ts';
import { registerMember, signedInContext } from '../support/members.ts';

const phone = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

test('on a phone, Report, Clear chat and Exit go through the side modal with their confirmations', async ({ browser, page: setup }) => {
  const ann = await registerMember(setup.request, 'Ann');
  const bob = await registerMember(setup.request, 'Bob');
  // Cy writes what Bob reports: a report about the owner herself would never reach her queue.
  const cy = await registerMember(setup.request, 'Cy');
  const community = await createCommunity(setup.request, ann, { name: `Runners ${Date.now().toString(36)}` });
  await joinCommunity(setup.request, bob, community.id);
  await joinCommunity(setup.request, cy, community.id);
  await sendToCommunity(setup.request, cy, community.id, 'Spam spam spam');

  const b = await signedInContext(browser, bob, phone);
  await b.page.goto(`/scan-chat/community/${community.id}`);
  const spam = b.page.getByTestId('message').filter({ hasText: 'Spam spam spam' });
  await expect(spam).toBeVisible();
  await expect(b.page.getByPlaceholder('Type a message')).toBeInViewport();

  // Report: the avatar opens the side modal about Cy; the panel says he will not be told.
  await spam.getByRole('button', { name: `${cy.name}: actions` }).tap();
  const modal = b.page.getByRole('dialog', { name: cy.name });
  await modal.getByRole('button', { name: 'Report' }).tap();
  const confirm = modal.getByRole('group', { name: 'Confirm' });
  await expect(confirm).toContainText('The user will not be notified');
  await confirm.getByLabel('Reason').selectOption('Spam');
  await confirm.getByRole('button', { name: 'Report' }).tap();
  await expect(b.page.getByText('Report sent to the admins')).toBeVisible();
  await expect(modal).toBeHidden();

  // It reached the owner's queue.
  const reports = await setup.request.get(`/api/communities/${community.id}/reports`, {
    headers: { authorization: `Bearer ${ann.token}` },
  });
  expect(((await reports.json()) as { reports: { reason: string }[] }).reports.map((r) => r.reason)).toEqual(['Spam']);

  // Clear chat: asked first (not recoverable); Bob's history is empty, Ann's is not.
  await b.page.getByRole('button', { name: 'Chat actions' }).tap();
  const group = b.page.getByRole('dialog', { name: community.name });
  await group.getByRole('button', { name: 'Clear chat' }).tap();
  await expect(group.getByRole('group', { name: 'Confirm' })).toContainText('This is not recoverable');
  await group.getByRole('group', { name: 'Confirm' }).getByRole('button', { name: 'Clear chat' }).tap();
  await expect(b.page.getByText('No messages yet. Say hello!')).toBeVisible();
  await b.page.reload();
  await expect(b.page.getByText('No messages yet. Say hello!')).toBeVisible();
  expect((await communityMessages(setup.request, ann, community.id)).map((m) => m.text)).toContain('Spam spam spam');

  // Exit: access is lost and only the admin is told; Bob lands on his (now empty) list.
  await b.page.getByRole('button', { name: 'Chat actions' }).tap();
  await group.getByRole('button', { name: 'Exit' }).tap();
  await expect(group.getByRole('group', { name: 'Confirm' })).toContainText(
    'You will lose access to this group. Only the admin will be notified.',
  );
  await group.getByRole('button', { name: 'Exit group' }).tap();
  await expect(b.page).toHaveURL(/\/scan-chat\/community$/);
  await expect(b.page.getByText('You are in no community yet.')).toBeVisible();
  await b.page.goto(`/scan-chat/community/${community.id}`);
  await expect(b.page.getByText(`You are not a member of ${community.name}.`)).toBeVisible();
  await b.context.close();
});
