import { afterAll, describe, expect, it } from 'vitest';
import { profileFields } from '../../../test/support/factories.ts';
import { useTestApp, type Member } from '../../../test/support/harness.ts';
import { adminEmail, adminOf, staffAndMember } from './admin.test-support.ts';

const email = adminEmail();
const t = useTestApp({ ADMIN_EMAILS: email });
const theAdmin = adminOf(t, email);

const setFilters = async (entries: unknown[]) =>
  expect((await t.as(await theAdmin()).put('/api/admin/filters', { entries })).statusCode).toBe(200);
const holding = () =>
  setFilters([
    { pattern: 'giveaway', kind: 'word', action: 'hold' },
    { pattern: 'pills.example', kind: 'domain', action: 'hold' },
  ]);

const edit = (m: Member, fields: Record<string, string>) =>
  t.as(m).patch('/api/auth/edit-profile', { fullName: 'Ada Calm', username: m.username, email: m.email, ...fields });
const me = async (m: Member) => (await t.as(m).get('/api/auth/me')).json();
/** The member's profile as someone else opens it. */
const seenBy = async (viewer: Member, m: Member) => {
  const res = await t.as(viewer).get(`/api/users/${m.username}`);
  expect(res.statusCode).toBe(200);
  return { name: res.json().name, bio: res.json().bio };
};
const profilesQueue = async () =>
  ((await t.as(await theAdmin()).get('/api/admin/held')).json().items as any[]).filter((i) => i.kind === 'profile');
const peopleFound = async (viewer: Member, q: string) =>
  ((await t.as(viewer).get(`/api/search?type=people&q=${encodeURIComponent(q)}`)).json().results as any[]).map((r) => r.item.id);

afterAll(() => setFilters([]));

describe("a new name or bio a 'hold' filter catches", () => {
  it('waits: others keep the previous ones, the member sees theirs marked, and a release applies them', async () => {
    await holding();
    const { moderator, member: ada } = await staffAndMember(t, await theAdmin());
    const [reader] = await t.members(1);
    expect((await edit(ada, { bio: 'Plain numbers.' })).statusCode).toBe(200);

    const res = await edit(ada, { fullName: 'Ada Giveaway', bio: 'Cheap at pills.example', address: '1 New Road' });
    expect(res.statusCode).toBe(200);
    const held = { full_name: 'Ada Giveaway', bio: 'Cheap at pills.example' };
    expect(res.json()).toMatchObject({ full_name: 'Ada Calm', bio: 'Plain numbers.', address: '1 New Road', held_profile: held });
    // After a reload too.
    expect(await me(ada)).toMatchObject({ full_name: 'Ada Calm', held_profile: held });
    expect(await seenBy(reader!, ada)).toEqual({ name: 'Ada Calm', bio: 'Plain numbers.' });
    expect(await peopleFound(reader!, 'giveaway')).not.toContain(ada.id);
    // The member's own words, so in 'Download my data' too.
    expect((await t.as(ada).get('/api/account/export')).json().held_profile).toMatchObject({ ...held, state: 'held' });

    const queued = (await profilesQueue()).find((i) => i.id === ada.id);
    expect(queued).toMatchObject({
      author: { id: ada.id },
      text: 'Name: Ada Giveaway\nBio: Cheap at pills.example',
      context: `Profile of @${ada.username}`,
    });
    expect((await t.as(reader!).post(`/api/admin/held/profile/${ada.id}/release`)).statusCode).toBe(404);
    expect((await t.as(moderator).post(`/api/admin/held/profile/${ada.id}/release`)).statusCode).toBe(200);

    expect(await seenBy(reader!, ada)).toEqual({ name: 'Ada Giveaway', bio: 'Cheap at pills.example' });
    expect(await peopleFound(reader!, 'giveaway')).toContain(ada.id);
    expect((await me(ada)).held_profile).toBeNull();
    expect((await profilesQueue()).find((i) => i.id === ada.id)).toBeUndefined();
    expect((await t.as(moderator).post(`/api/admin/held/profile/${ada.id}/release`)).statusCode).toBe(404);
  });

  it('removed, is discarded and its member told, and an accepted appeal applies it', async () => {
    await holding();
    const [ada, reader] = await t.members(2);
    const before = await seenBy(reader!, ada!);
    expect((await edit(ada!, { fullName: 'Giveaway Queen', bio: 'Still me' })).statusCode).toBe(200);
    const admin = await theAdmin();
    const removed = await t.as(admin).post(`/api/admin/held/profile/${ada!.id}/remove`, { note: 'No adverts in names' });
    expect(removed.statusCode).toBe(200);

    expect((await me(ada!)).held_profile).toBeNull();
    expect(await seenBy(reader!, ada!)).toEqual(before);
    expect((await profilesQueue()).find((i) => i.id === ada!.id)).toBeUndefined();
    const told = (await t.as(ada!).get('/api/notifications')).json().notifications[0];
    expect(told).toMatchObject({ kind: 'content_removed', payload: { target_kind: 'profile', reason: 'No adverts in names' } });

    const appeal = await t.as(ada!).post('/api/appeals', { action_id: told.payload.action_id, text: 'It is a nickname' });
    expect(appeal.statusCode).toBe(201);
    const appeals = (await t.as(admin).get('/api/admin/appeals')).json().appeals as any[];
    expect(appeals.find((a) => a.id === appeal.json().id)).toMatchObject({
      content: { kind: 'user', name: 'Giveaway Queen', bio: 'Still me' },
    });
    const decided = await t.as(admin).post(`/api/admin/appeals/${appeal.json().id}/decide`, { accept: true });
    expect(decided.statusCode).toBe(200);
    expect(await seenBy(reader!, ada!)).toEqual({ name: 'Giveaway Queen', bio: 'Still me' });
    expect((await me(ada!)).held_profile).toBeNull();
  });

  it('is replaced by a later clean edit, and kept (in its place in the queue) when sent again unchanged', async () => {
    await holding();
    const [ada, reader] = await t.members(2);
    const before = (await me(ada!)).full_name;
    expect((await edit(ada!, { fullName: 'Ada Giveaway' })).statusCode).toBe(200);
    const queuedAt = (await profilesQueue()).find((i) => i.id === ada!.id).created_at;

    // The edit screen sends the waiting values back with any other change: they keep waiting, the rest is saved.
    const again = await edit(ada!, { fullName: 'Ada Giveaway', workspace: 'Analytical Engines' });
    expect(again.json()).toMatchObject({
      full_name: before,
      workspace: 'Analytical Engines',
      held_profile: { full_name: 'Ada Giveaway' },
    });
    expect((await profilesQueue()).find((i) => i.id === ada!.id).created_at).toBe(queuedAt);

    const clean = await edit(ada!, { fullName: 'Ada Byron' });
    expect(clean.json()).toMatchObject({ full_name: 'Ada Byron', held_profile: null });
    expect((await me(ada!)).held_profile).toBeNull();
    expect((await seenBy(reader!, ada!)).name).toBe('Ada Byron');
    expect((await profilesQueue()).find((i) => i.id === ada!.id)).toBeUndefined();
  });

  it('refuses where nothing earlier could be shown meanwhile: a name at set-up, and a user name', async () => {
    await holding();
    const fresh = await t.member({ profile: false });
    const setUp = await t
      .as(fresh)
      .patch('/api/auth/complete-profile', { ...profileFields(`gw_${Date.now() % 1e8}`), full_name: 'Giveaway King' });
    expect(setUp.json()).toMatchObject({ code: 'CONTENT_FILTERED' });
    expect(setUp.statusCode).toBe(422);
    const [ada] = await t.members(1);
    const renamed = await edit(ada!, { username: 'giveaway.ada' });
    expect({ status: renamed.statusCode, code: renamed.json().code }).toEqual({ status: 422, code: 'CONTENT_FILTERED' });
    expect((await me(ada!)).username).toBe(ada!.username);

    // The set-up form sent again sets the name outright: what waited may not replace it later.
    expect((await edit(ada!, { fullName: 'Ada Giveaway' })).json().held_profile).toMatchObject({ full_name: 'Ada Giveaway' });
    const again = await t.as(ada!).patch('/api/auth/complete-profile', { ...profileFields(ada!.username!), full_name: 'Ada Plain' });
    expect(again.json()).toMatchObject({ full_name: 'Ada Plain', held_profile: null });
    expect((await profilesQueue()).find((i) => i.id === ada!.id)).toBeUndefined();
  });
});
