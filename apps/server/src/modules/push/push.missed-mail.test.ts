import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { useTestApp, type Member } from '../../../test/support/harness.ts';
import { directMember, type DirectMember } from '../../../test/support/direct-member.ts';
import { chatPresence, messages, presenceProcesses } from '../../db/schema/index.ts';

const AWAY_SECONDS = 600;
// Beats every second: a member who left is out of the processes' beats (which the sweep reads) a moment later.
const t = useTestApp({ MISSED_MAIL_AFTER_SECONDS: String(AWAY_SECONDS), PRESENCE_BEAT_SECONDS: '1' }, { listen: true });

let made = 0;
async function member(fullName: string) {
  const username = `${fullName.toLowerCase()}${process.pid}m${++made}`;
  return { ...(await directMember(t, { fullName, username })), username };
}
const asMember = (m: DirectMember) => m as unknown as Member;

/** Runs the sweep as if it were `seconds` from now (instead of waiting for the timer and the time to pass). */
const sweepIn = (seconds: number) => t.app.missedMail.sweep(new Date(Date.now() + seconds * 1000));
const sweepWhenAway = () => sweepIn(AWAY_SECONDS + 1);

const lastSeen = async (userId: number) =>
  (await t.db.select({ at: chatPresence.lastSeenAt }).from(chatPresence).where(eq(chatPresence.userId, userId)))[0]?.at.getTime() ?? 0;

/** The member's socket goes: once their departure is written and the process's beat no longer counts them. */
async function leave(m: DirectMember, socket: { disconnect(): unknown }) {
  const before = await lastSeen(m.id);
  socket.disconnect();
  await expect.poll(() => lastSeen(m.id)).toBeGreaterThan(before);
  await expect
    .poll(
      async () =>
        (
          await t.db
            .select()
            .from(presenceProcesses)
            .where(sql`${m.id} = any(${presenceProcesses.memberIds})`)
        ).length,
    )
    .toBe(0);
}

/** The member opens the app and closes it again. */
const visit = async (m: DirectMember) => leave(m, (await t.socket(asMember(m))).socket);

const sendDirect = async (from: DirectMember, to: DirectMember, text: string) =>
  expect((await t.as(asMember(from)).post('/api/chat/send', { peer_id: to.id, text })).statusCode).toBe(201);

const missedMails = (m: DirectMember) => t.mail.count(m.email, /You missed/);

/** `to` has been away, `from` wrote meanwhile: the sweep mails `to`, and this is the mail. */
async function mailAfterAbsence(from: DirectMember, to: DirectMember, text: string) {
  await visit(to);
  await sendDirect(from, to, text);
  expect(await sweepWhenAway()).toBe(1);
  return t.mail.waitFor(to.email, /You missed/, { after: missedMails(to) - 1 });
}

describe('the missed-message mail', () => {
  it('lists what came while the member was away, once they have been away long enough', async () => {
    const [ann, bob] = [await member('Ann'), await member('Bob')];
    await visit(bob);
    await sendDirect(ann, bob, 'Lunch at noon?');
    const postId = await t.post(asMember(ann), `Climbing with @${bob.username} tomorrow`);
    expect(await sweepIn(AWAY_SECONDS - 30)).toBe(0);
    expect(missedMails(bob)).toBe(0);

    expect(await sweepWhenAway()).toBe(1);
    const mail = await t.mail.waitFor(bob.email, /You missed/);
    expect(mail.subject).toBe('You missed 2 messages on Tribeverse');
    expect(mail.text).toContain('Ann sent you a message: Lunch at noon?');
    expect(mail.text).toContain(`/scan-chat/private/${ann.id}`);
    expect(mail.text).toContain('Ann mentioned you: Climbing with');
    expect(mail.text).toContain(`/home#post-${postId}`);
    expect(mail.text).toContain('/home/settings');
    expect(mail.headers['list-unsubscribe']).toMatch(/^<http.*\/api\/push\/mail\/unsubscribe\?token=.+>$/);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(missedMails(ann)).toBe(0);
  });

  it('is not sent while the member is connected, and lists what came after they left', async () => {
    const [ann, bob] = [await member('Ann'), await member('Bob')];
    await visit(bob);
    const socket = await t.socket(asMember(bob));
    await sendDirect(ann, bob, 'seen in the tab');
    await socket.next('message:new', (m) => m.text === 'seen in the tab');
    expect(await sweepWhenAway()).toBe(0);

    await leave(bob, socket.socket);
    await sendDirect(ann, bob, 'after the tab closed');
    expect(await sweepWhenAway()).toBe(1);
    const mail = await t.mail.waitFor(bob.email, /You missed/);
    expect(mail.text).toContain('after the tab closed');
    expect(mail.text).not.toContain('seen in the tab');
  });

  it('is sent once per absence, and again after the member came back and left', async () => {
    const [ann, bob] = [await member('Ann'), await member('Bob')];
    await visit(bob);
    await sendDirect(ann, bob, 'first');
    expect(await sweepWhenAway()).toBe(1);
    await sendDirect(ann, bob, 'second');
    expect(await sweepWhenAway()).toBe(0);
    expect(missedMails(bob)).toBe(1);

    const mail = await mailAfterAbsence(ann, bob, 'third');
    expect(mail.text).toContain('third');
    expect(mail.text).not.toContain('second');
    expect(missedMails(bob)).toBe(2);
  });

  it('after a long absence, counts only what came in the last week', async () => {
    const [ann, bob] = [await member('Ann'), await member('Bob')];
    await visit(bob);
    await sendDirect(ann, bob, 'a month-old note');
    // As if Bob had left a month ago and Ann had written three weeks ago.
    await t.db.execute(sql`update ${chatPresence} set last_seen_at = now() - interval '30 days' where user_id = ${bob.id}`);
    await t.db.execute(sql`update ${messages} set created_at = now() - interval '21 days' where receiver_id = ${bob.id}`);
    expect(await sweepWhenAway()).toBe(0);

    const mail = await mailAfterAbsence(ann, bob, 'fresh news');
    expect(mail.text).toContain('fresh news');
    expect(mail.text).not.toContain('month-old');
  });

  it('is sent by one process only when several sweep at once', async () => {
    const [ann, bob] = [await member('Ann'), await member('Bob')];
    const other = await t.otherProcess();
    await visit(bob);
    await sendDirect(ann, bob, 'just once');
    // Far enough ahead for either process's setting (the other runs with the default).
    const at = new Date(Date.now() + 3600_000);
    const mailed = await Promise.all([t.app.missedMail.sweep(at), other.app.missedMail.sweep(at), t.app.missedMail.sweep(at)]);
    expect(mailed.reduce((a, b) => a + b)).toBe(1);
    expect(missedMails(bob) + other.mail.count(bob.email, /You missed/)).toBe(1);
  });

  it('leaves the text out when the member turned previews off', async () => {
    const [ann, bob] = [await member('Ann'), await member('Bob')];
    expect((await t.as(asMember(bob)).patch('/api/push/preferences', { previews: false })).statusCode).toBe(200);
    const mail = await mailAfterAbsence(ann, bob, 'a secret plan');
    expect(mail.text).toContain('Ann sent you a message');
    expect(mail.text).not.toContain('a secret plan');
  });

  it('leaves out muted conversations', async () => {
    const [ann, bob, cat] = [await member('Ann'), await member('Bob'), await member('Cat')];
    const groups = await Promise.all(
      ['Climbing', 'Book club'].map(async (name) => {
        const res = await t.as(asMember(ann)).post('/api/chat/groups', { name, member_ids: [bob.id, cat.id] });
        expect(res.statusCode).toBe(201);
        return res.json().id as number;
      }),
    );
    expect((await t.as(asMember(bob)).put(`/api/chat/groups/${groups[1]}/mute`, { muted: true })).statusCode).toBe(200);
    await visit(bob);
    for (const [id, text] of [
      [groups[0], 'Crag on Saturday'],
      [groups[1], 'Chapter 3 tonight'],
    ] as const)
      expect((await t.as(asMember(ann)).post(`/api/chat/groups/${id}/send`, { text })).statusCode).toBe(201);
    expect(await sweepWhenAway()).toBe(1);
    const mail = await t.mail.waitFor(bob.email, /You missed/);
    expect(mail.text).toContain('Ann in Climbing: Crag on Saturday');
    expect(mail.text).toContain(`/scan-chat/private/group/${groups[0]}`);
    expect(mail.text).not.toContain('Chapter 3');
    expect(mail.text).not.toContain('Book club');
  });

  it('is not sent when all that came is from a muted conversation', async () => {
    const [ann, bob, cat] = [await member('Ann'), await member('Bob'), await member('Cat')];
    const res = await t.as(asMember(ann)).post('/api/chat/groups', { name: 'Quiet', member_ids: [bob.id, cat.id] });
    expect((await t.as(asMember(bob)).put(`/api/chat/groups/${res.json().id}/mute`, { muted: true })).statusCode).toBe(200);
    await visit(bob);
    expect((await t.as(asMember(ann)).post(`/api/chat/groups/${res.json().id}/send`, { text: 'hush' })).statusCode).toBe(201);
    expect(await sweepWhenAway()).toBe(0);
    expect(missedMails(bob)).toBe(0);
  });
});

describe('turning the mail off', () => {
  it('one-click unsubscribe works without a session and turns the mail off', async () => {
    const [ann, bob] = [await member('Ann'), await member('Bob')];
    const mail = await mailAfterAbsence(ann, bob, 'hello');
    const link = new URL(/^<(.*)>$/.exec(mail.headers['list-unsubscribe']!)![1]!);
    // What a mail client does for RFC 8058: a form post of List-Unsubscribe=One-Click, no cookie, no token.
    const res = await t.app.inject({
      method: 'POST',
      url: `${link.pathname}${link.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(204);
    expect((await t.as(asMember(bob)).get('/api/push/preferences')).json()).toMatchObject({
      mail: { missed_messages: false },
      kinds: { messages: true },
    });

    await visit(bob);
    await sendDirect(ann, bob, 'after unsubscribing');
    expect(await sweepWhenAway()).toBe(0);
    expect(missedMails(bob)).toBe(1);
  });

  it('opened in a browser, asks first, and its button turns the mail off', async () => {
    const [ann, bob] = [await member('Ann'), await member('Bob')];
    const mail = await mailAfterAbsence(ann, bob, 'hello');
    const link = new URL(/^<(.*)>$/.exec(mail.headers['list-unsubscribe']!)![1]!);
    const mailOn = async () => (await t.as(asMember(bob)).get('/api/push/preferences')).json().mail.missed_messages;

    // Link checkers and previews open links too: opening it only asks.
    const asked = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}`, headers: { accept: 'text/html' } });
    expect(asked.statusCode).toBe(200);
    expect(asked.headers['content-type']).toMatch(/^text\/html/);
    const action = /<form method="post" action="([^"]+)"/.exec(asked.body)?.[1];
    expect(action).toBe(`${link.pathname}${link.search}`);
    expect(asked.body).toContain('Stop these mails');
    expect(await mailOn()).toBe(true);

    const done = await t.app.inject({
      method: 'POST',
      url: action!,
      headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('no more missed-message mail');
    expect(await mailOn()).toBe(false);
  });

  it('is a switch in the settings, turned back on there', async () => {
    const [ann, bob] = [await member('Ann'), await member('Bob')];
    const off = await t.as(asMember(bob)).patch('/api/push/preferences', { mail: { missed_messages: false } });
    expect(off.json()).toMatchObject({ mail: { missed_messages: false } });
    await visit(bob);
    await sendDirect(ann, bob, 'while off');
    expect(await sweepWhenAway()).toBe(0);
    const on = await t.as(asMember(bob)).patch('/api/push/preferences', { mail: { missed_messages: true } });
    expect(on.json()).toMatchObject({ mail: { missed_messages: true } });
    expect(await sweepWhenAway()).toBe(1);
    expect((await t.mail.waitFor(bob.email, /You missed/)).text).toContain('while off');
  });

  it('answers a bad unsubscribe link, or a bad setting, with 400 {code, msg}', async () => {
    const bob = await member('Bob');
    const url = '/api/push/mail/unsubscribe';
    for (const query of ['', '?token=', '?token=v1.1.missed_messages.abc', `?token=v1.${bob.id}.missed_messages.${'A'.repeat(43)}`]) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await t.app.inject({ method, url: `${url}${query}` });
        expect(res.statusCode, `${method} ${query}`).toBe(400);
        expect(res.json()).toMatchObject({ code: expect.any(String), msg: expect.any(String) });
      }
    }
    expect((await t.as(asMember(bob)).patch('/api/push/preferences', { mail: { weekly: true } })).statusCode).toBe(400);
    expect((await t.as(asMember(bob)).get('/api/push/preferences')).json()).toMatchObject({ mail: { missed_messages: true } });
  });
});
