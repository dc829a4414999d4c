import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp, type Member } from '../../../test/support/harness.ts';
import { adminEmail, adminOf } from './admin.test-support.ts';

const email = adminEmail();
const t = useTestApp({ ADMIN_EMAILS: email });
const theAdmin = adminOf(t, email);

type Day = { date: string; signups: number; active_members: number; messages: number; posts: number; open_reports: number };
const stats = async (query = '') => {
  const res = await t.as(await theAdmin()).get(`/api/admin/stats${query}`);
  expect(res.statusCode).toBe(200);
  return res.json().days as Day[];
};
const utcDate = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
const send = (from: Member, to: Member) => t.as(from).post('/api/chat/send', { peer_id: to.id, text: 'hi' });

describe('the dashboard figures', () => {
  it('counts each day: sign-ups, active members, messages, posts and open reports', async () => {
    const before = (await stats('?days=2')).at(-1)!;
    const [a, b] = await t.members(2);
    await t.post(a!, 'one');
    await t.post(a!, 'two');
    expect((await send(a!, b!)).statusCode).toBe(201);
    expect((await send(b!, a!)).statusCode).toBe(201);
    const reported = await t.as(b!).post('/api/reports', { target: { kind: 'user', id: a!.id }, reason: 'Spam' });
    expect(reported.statusCode).toBe(201);

    const days = await stats('?days=2');
    expect(days.map((d) => d.date)).toEqual([utcDate(1), utcDate(0)]);
    const today = days.at(-1)!;
    expect({
      signups: today.signups - before.signups,
      active_members: today.active_members - before.active_members,
      messages: today.messages - before.messages,
      posts: today.posts - before.posts,
      open_reports: today.open_reports - before.open_reports,
    }).toEqual({ signups: 2, active_members: 2, messages: 2, posts: 2, open_reports: 1 });

    // Resolved, it is no longer open today; yesterday's figure is as it was.
    const admin = await theAdmin();
    await t.as(admin).post(`/api/admin/reports/${reported.json().id}/resolve`, { action: 'dismiss' });
    const after = await stats('?days=2');
    expect(after.at(-1)!.open_reports).toBe(today.open_reports - 1);
    expect(after[0]).toEqual(days[0]);
  });

  it('puts each thing on its own day, with zeros between, oldest first', async () => {
    const [old] = await t.members(1);
    await t.db.execute(sql`update users set created_at = now() - interval '3 days' where id = ${old!.id}`);
    const days = await stats('?days=5');
    expect(days).toHaveLength(5);
    expect(days.map((d) => d.date)).toEqual([4, 3, 2, 1, 0].map(utcDate));
    expect(days[1]!.signups).toBeGreaterThanOrEqual(1);
    expect(days[2]!).toMatchObject({ messages: 0, posts: 0 });
    expect((await stats()).length).toBe(30);
  });

  it('is for the staff only, and takes 1 to 365 days', async () => {
    const [member] = await t.members(1);
    expect((await t.as(member!).get('/api/admin/stats')).statusCode).toBe(404);
    const admin = await theAdmin();
    expect((await t.as(admin).get('/api/admin/stats?days=0')).statusCode).toBe(400);
    expect((await t.as(admin).get('/api/admin/stats?days=366')).statusCode).toBe(400);
  });
});
