import { describe, expect, it } from 'vitest';
import { useTestApp, type Member } from '../../../test/support/harness.ts';
import { adminEmail, adminOf, staffAndMember } from './admin.test-support.ts';

const email = adminEmail();
const t = useTestApp({ ADMIN_EMAILS: email });
const theAdmin = adminOf(t, email);

const entries = [
  { pattern: 'Crypto-Pump', kind: 'word', action: 'refuse' },
  { pattern: 'spam.example', kind: 'domain', action: 'refuse' },
];
const setFilters = async (list: unknown[]) => t.as(await theAdmin()).put('/api/admin/filters', { entries: list });

const refused = (res: { statusCode: number; json(): unknown }) => {
  expect({ status: res.statusCode, body: res.json() }).toMatchObject({ status: 422, body: { code: 'CONTENT_FILTERED' } });
};
const postAs = (member: Member, text: string) => t.as(member).multipart('/api/posts/create', { post: text });

describe('content filters', () => {
  it('are set by admins, read by moderators, logged, and hidden from everyone else', async () => {
    const admin = await theAdmin();
    const { moderator, member } = await staffAndMember(t, admin);
    const res = await setFilters(entries);
    expect(res.statusCode).toBe(200);
    expect(res.json().entries).toEqual([
      { pattern: 'crypto-pump', kind: 'word', action: 'refuse' },
      { pattern: 'spam.example', kind: 'domain', action: 'refuse' },
    ]);
    expect((await t.as(moderator).get('/api/admin/filters')).json()).toEqual(res.json());
    expect((await t.as(moderator).put('/api/admin/filters', { entries: [] })).statusCode).toBe(403);
    expect((await t.as(member).get('/api/admin/filters')).statusCode).toBe(404);
    expect((await setFilters([{ pattern: ' ', kind: 'word', action: 'refuse' }])).statusCode).toBe(400);
    const audit = (await t.as(admin).get('/api/admin/audit?limit=1')).json().entries[0];
    expect(audit).toMatchObject({ action: 'filters.update', actor: { id: admin.id }, details: { entries: 2 } });
  });

  it('refuse posts, comments, messages, names and bios with a filtered word or a link to a filtered domain', async () => {
    await setFilters(entries);
    const [a, b, c] = await t.members(3);
    refused(await postAs(a!, 'join the CRYPTO-PUMP now'));
    refused(await postAs(a!, 'see https://www.spam.example/offer'));
    const fine = await postAs(a!, 'cryptography and not-spam.example.org are fine');
    expect(fine.statusCode).toBe(201);
    const postId = fine.json().post_id;
    refused(await t.as(b!).post(`/api/posts/${postId}/comments`, { text: 'crypto-pump!' }));
    expect((await t.as(b!).post(`/api/posts/${postId}/comments`, { text: 'nice' })).statusCode).toBe(201);
    refused(await t.as(a!).post('/api/chat/send', { peer_id: b!.id, text: 'visit spam.example' }));
    expect((await t.as(a!).post('/api/chat/send', { peer_id: b!.id, text: 'hello' })).statusCode).toBe(201);
    const group = await t.as(a!).post('/api/chat/groups', { name: 'Trio', member_ids: [b!.id, c!.id] });
    expect(group.statusCode).toBe(201);
    refused(await t.as(a!).post(`/api/chat/groups/${group.json().id}/send`, { text: 'Crypto-pump' }));
    const edit = (fields: Record<string, string>) =>
      t.as(a!).patch('/api/auth/edit-profile', { fullName: 'Ada', username: a!.username, email: a!.email, ...fields });
    refused(await edit({ fullName: 'Crypto-Pump King' }));
    refused(await edit({ bio: 'my shop: spam.example' }));
    expect((await edit({ bio: 'I like crypto' })).statusCode).toBe(200);
  });

  it('lifted, let the same text through', async () => {
    await setFilters(entries);
    const [a] = await t.members(1);
    refused(await postAs(a!, 'crypto-pump'));
    await setFilters([]);
    expect((await postAs(a!, 'crypto-pump')).statusCode).toBe(201);
  });
});
