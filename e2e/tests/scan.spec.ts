import { expect, test } from '@playwright/test';
import { registerMember, signedInContext } from '../support/members.ts';

/** Near the middle of its grid cell, so the community form's rounding to 2 decimals keeps it in the same cell. */
const BERLIN = { latitude: 52.5353, longitude: 13.2839 };
/** About 25 km away: the cell next to Berlin's, so the nearest band, '< 25 km', as Berlin's own cell. */
const POTSDAM = { latitude: 52.3906, longitude: 13.0645 };
const at = (geolocation: typeof BERLIN) => ({
  viewport: { width: 1280, height: 800 },
  geolocation,
  permissions: ['geolocation'],
});

test('a member turns location on and places a community; another nearby scans, finds both, and joins the community', async ({
  browser,
  page: setup,
}) => {
  const ann = await registerMember(setup.request, 'Ann');
  const bob = await registerMember(setup.request, 'Bob');
  for (const member of [ann, bob]) {
    const res = await setup.request.patch('/api/interests', {
      headers: { authorization: `Bearer ${member.token}` },
      data: { interests: [{ name: 'Creative art/entertainment', sub_interests: ['photography'] }] },
    });
    expect(res.ok()).toBe(true);
  }

  // Ann turns her location on: the page says until when she is visible.
  const a = await signedInContext(browser, ann, at(BERLIN));
  await a.page.goto('/scan-chat');
  const annSwitch = a.page.getByRole('switch', { name: 'Location' });
  await expect(annSwitch).toHaveAttribute('aria-checked', 'false');
  await annSwitch.click();
  await expect(annSwitch).toHaveAttribute('aria-checked', 'true');
  await expect(a.page.getByText(/^Visible until /)).toBeVisible();

  // She creates a community with its place: the city name and the position of the moment.
  const name = `Photo walks ${Date.now().toString(36)}`;
  await a.page.goto('/communities');
  await a.page.getByRole('button', { name: 'Create community' }).click();
  const dialog = a.page.getByRole('dialog', { name: 'Create community' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Description').fill('Sunday photo walks through the city');
  await dialog.getByLabel('City').fill('Berlin');
  await dialog.getByRole('button', { name: 'Use my position' }).click();
  await expect(dialog.getByRole('button', { name: 'Position set: update' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Create community' }).click();
  await expect(a.page.getByRole('heading', { level: 1, name })).toBeVisible();

  // Bob, some 25 km away, follows the header's banner, turns his location on and scans 50 km.
  const b = await signedInContext(browser, bob, at(POTSDAM));
  await b.page.goto('/home');
  await b.page.getByRole('link', { name: 'Scan for communities and friends near you' }).click();
  await expect(b.page).toHaveURL(/\/scan-chat$/);
  const bobSwitch = b.page.getByRole('switch', { name: 'Location' });
  await bobSwitch.click();
  await expect(b.page.getByText(/^Visible until /)).toBeVisible();
  await b.page.getByRole('button', { name: /Search radius/ }).click();
  await b.page.getByRole('radio', { name: '50km' }).check();
  // No interest picked: everyone in range, those sharing Bob's own interests first.
  await b.page.getByRole('button', { name: 'Scan', exact: true }).click();
  await expect(b.page).toHaveURL(/\/scan-chat\/scan-results$/);

  // Ann's community and Ann herself, each with a band and what they share; never a finer distance.
  const community = b.page.getByRole('listitem').filter({ hasText: name });
  await expect(community).toContainText('< 25 km');
  await expect(community).toContainText('Berlin');
  const person = b.page.getByRole('listitem').filter({ hasText: ann.name });
  await expect(person).toContainText('< 25 km');
  await expect(person).toContainText('photography');
  await expect(person.getByRole('link', { name: `Message ${ann.name}` })).toBeVisible();
  // A distance stands alone ("350 m"); the members' names end in random letters and digits ("bob_x3m"), which are not one.
  await expect(b.page.getByText(/\b\d+(\.\d+)? ?m\b/)).toHaveCount(0);

  // Joining from the result: the card turns into a way in, and the community counts Bob.
  await community.getByRole('button', { name: 'Join' }).click();
  await community.getByRole('link', { name: 'Open community' }).click();
  await expect(b.page.getByRole('heading', { level: 1, name })).toBeVisible();
  const members = await setup.request.get(`/api/communities/${/\/communities\/(\d+)/.exec(b.page.url())![1]}/members`, {
    headers: { authorization: `Bearer ${ann.token}` },
  });
  expect(((await members.json()) as { members: Array<{ id: number }> }).members.map((m) => m.id)).toContain(bob.id);

  // Bob turns his location off: Ann's scan no longer finds him.
  await b.page.goto('/scan-chat');
  await bobSwitch.click();
  await expect(bobSwitch).toHaveAttribute('aria-checked', 'false');
  await a.page.goto('/scan-chat');
  await a.page.getByRole('button', { name: 'Scan', exact: true }).click();
  await expect(a.page).toHaveURL(/\/scan-chat\/scan-results$/);
  await expect(a.page.getByRole('heading', { name: /^People/ })).toBeVisible();
  await expect(a.page.getByRole('listitem').filter({ hasText: bob.name })).toHaveCount(0);
});
