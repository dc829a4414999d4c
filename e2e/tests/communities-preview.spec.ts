import { createCommunity } from '../support/communities.ts';
import { PNG, registerMember, signedInContext } from '../support/members.ts';
import { expect, test } from '../support/a11y.ts';
import { phoneSized } from '../support/touch.ts';

test("a public community's page shows a visitor a preview and one Join button, with no refused request before joining", async ({
  browser,
  page: setup,
  a11y,
}) => {
  const ann = await registerMember(setup.request, 'Ann');
  const cat = await registerMember(setup.request, 'Cat');
  const community = await createCommunity(setup.request, ann, { name: `Trails ${Date.now().toString(36)}`, description: 'Weekend hikes' });
  const posted = await setup.request.post(`/api/communities/${community.id}/posts`, {
    headers: { authorization: `Bearer ${ann.token}` },
    multipart: { text: 'Summit', images: { name: 'summit.png', mimeType: 'image/png', buffer: PNG } },
  });
  expect(posted.status()).toBe(201);

  // On a phone-sized screen, Cat opens the community's address; every answer the page gets is recorded.
  const c = await signedInContext(browser, cat, phoneSized);
  a11y.track(c.page);
  const refused: string[] = [];
  c.page.on('response', (res) => {
    if (res.url().includes('/api/') && res.status() >= 400) refused.push(`${res.status()} ${new URL(res.url()).pathname}`);
  });
  await c.page.goto(`/communities/${community.id}`);
  await expect(c.page.getByRole('heading', { level: 1, name: community.name })).toBeVisible();
  await expect(c.page.getByText('Weekend hikes')).toBeVisible();
  await expect(c.page.getByText('1 member', { exact: false })).toBeVisible();
  await expect(c.page.getByRole('img', { name: `Recent picture 1 from ${community.name}` })).toBeVisible();
  await expect(c.page.getByRole('button', { name: /join/i })).toHaveCount(1);
  await expect(c.page.getByText('Join this community first.')).toHaveCount(0);
  await a11y.check(c.page, "a public community's preview");

  // Joining opens the tabs at once.
  await c.page.getByRole('button', { name: `Join ${community.name}` }).click();
  await expect(c.page.getByRole('navigation', { name: 'Community sections' })).toBeVisible();
  await expect(c.page.getByRole('region', { name: 'Media' }).locator('img')).not.toHaveCount(0);
  expect(refused).toEqual([]);
  await c.context.close();
});
