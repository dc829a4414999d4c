import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestApp, type Member } from '../../../test/support/harness.ts';
import { directMember, type DirectMember } from '../../../test/support/direct-member.ts';
import { connectRecorder, socketUrl } from '../../../test/support/sockets.ts';
import { startPushService, type TestPushService, type TestSubscription } from '../../../test/support/push-service.ts';
import { pushSubscriptions } from '../../db/schema/index.ts';
import { checkEndpoint, EndpointRefused, isPublicAddress } from './push-endpoint.ts';
import { SUBSCRIPTIONS_PER_MEMBER } from './push.service.ts';
import { vapidKeys } from './push-keys.ts';
import { PushSender } from './push-sender.ts';

// The push service runs on loopback: only with the flag may a subscription point there.
const t = useTestApp({ PUSH_ALLOW_PRIVATE_ENDPOINTS: '1' }, { listen: true });
let service: TestPushService;

beforeAll(async () => {
  service = await startPushService({ vapidPublicKey: async () => (await t.as(null).get('/api/push/key')).json().public_key });
});
afterAll(() => service.close());

let made = 0;
async function member(fullName: string) {
  const username = `${fullName.toLowerCase()}${process.pid}n${++made}`;
  return { ...(await directMember(t, { fullName, username })), username };
}
const asMember = (m: DirectMember) => m as unknown as Member;

/** The member's browser subscribes to pushes; the subscription's id. */
async function subscribe(m: DirectMember, name = `${m.id}`): Promise<{ sub: TestSubscription; id: number }> {
  const sub = service.subscribe(name);
  const res = await t.as(asMember(m)).post('/api/push/subscriptions', sub.json);
  expect(res.statusCode).toBe(201);
  return { sub, id: res.json().id };
}

const sendDirect = async (from: DirectMember, to: DirectMember, text: string) => {
  const res = await t.as(asMember(from)).post('/api/chat/send', { peer_id: to.id, text });
  expect(res.statusCode).toBe(201);
  return res.json().message as { id: number };
};

/** A group chat made by the API, and a message sent to it (as the web app does). */
async function createGroup(creator: DirectMember, others: DirectMember[], name: string): Promise<{ id: number }> {
  const res = await t.as(asMember(creator)).post('/api/chat/groups', { name, member_ids: others.map((o) => o.id) });
  expect(res.statusCode).toBe(201);
  return res.json();
}
const groupUrl = (id: number, rest: string) => `/api/chat/groups/${id}${rest}`;

const pushesTo = (sub: TestSubscription) => service.received.filter((p) => p.subscription === sub.name);

describe('GET /api/push/key', () => {
  it('is the same P-256 public key on every call, for anyone', async () => {
    const first = await t.as(null).get('/api/push/key');
    expect(first.statusCode).toBe(200);
    expect(Buffer.from(first.json().public_key, 'base64url')).toHaveLength(65);
    expect((await t.as(null).get('/api/push/key')).json()).toEqual(first.json());
  });
});

describe('pushes to a member with no socket connected', () => {
  it('sends a direct message, encrypted to the browser, signed with the VAPID key', async () => {
    const [ann, bob] = [await member('Ann'), await member('Bob')];
    const { sub } = await subscribe(bob);
    const message = await sendDirect(ann, bob, 'Lunch at noon?');
    const push = await service.next((p) => p.subscription === sub.name);
    expect(push.body).toEqual({
      kind: 'message',
      title: 'Ann',
      body: 'Lunch at noon?',
      url: `/scan-chat/private/${ann.id}`,
      tag: `chat:${ann.id}`,
    });
    expect(push.urgency).toBe('high');
    expect(Number(push.ttl)).toBeGreaterThan(0);
    expect(push.claims.sub).toMatch(/^(mailto:|https:)/);
    expect(message.id).toBeGreaterThan(0);
    // The sender's own devices are not told of what they sent.
    expect(service.received.filter((p) => p.body.tag === `chat:${bob.id}`)).toEqual([]);
  });

  it('sends a group message to the members who have not muted the group', async () => {
    const [ann, bob, cat] = [await member('Ann'), await member('Bob'), await member('Cat')];
    const group = await createGroup(ann, [bob, cat], 'Climbing');
    const [bobs, cats] = [await subscribe(bob), await subscribe(cat)];
    expect((await t.as(asMember(cat)).put(groupUrl(group.id, '/mute'), { muted: true })).statusCode).toBe(200);
    expect((await t.as(asMember(ann)).post(groupUrl(group.id, '/send'), { text: 'Crag on Saturday' })).statusCode).toBe(201);
    const push = await service.next((p) => p.subscription === bobs.sub.name);
    expect(push.body).toMatchObject({
      kind: 'group_message',
      title: 'Ann in Climbing',
      body: 'Crag on Saturday',
      tag: `group:${group.id}`,
    });
    await t.app.push.settled();
    expect(pushesTo(cats.sub)).toEqual([]);
  });

  it('sends a follow, from the notification the member is told of', async () => {
    const [ann, bob] = [await member('Ann'), await member('Bob')];
    const { sub } = await subscribe(bob);
    expect((await t.as(asMember(ann)).post(`/api/users/${bob.id}/follow`)).statusCode).toBe(200);
    const push = await service.next((p) => p.subscription === sub.name);
    expect(push.body).toMatchObject({ kind: 'follow', title: 'Ann followed you' });
  });

  it('sends a mention in a post, with the post to open', async () => {
    const [ann, bob] = [await member('Ann'), await member('Bob')];
    const { sub } = await subscribe(bob);
    const postId = await t.post(asMember(ann), `Climbing with @${bob.username} tomorrow`);
    const push = await service.next((p) => p.subscription === sub.name);
    expect(push.body).toMatchObject({
      kind: 'mention',
      title: 'Ann mentioned you',
      body: expect.stringContaining('Climbing with'),
      url: `/home#post-${postId}`,
    });
  });

  it('leaves the text out when the member turned previews off', async () => {
    const [ann, bob] = [await member('Ann'), await member('Bob')];
    const { sub } = await subscribe(bob);
    const off = await t.as(asMember(bob)).patch('/api/push/preferences', { previews: false });
    expect(off.json()).toMatchObject({ previews: false, kinds: { messages: true } });
    await sendDirect(ann, bob, 'a secret');
    const push = await service.next((p) => p.subscription === sub.name);
    expect(push.body).toEqual({ kind: 'message', title: 'Ann', url: `/scan-chat/private/${ann.id}`, tag: `chat:${ann.id}` });
  });
});

describe('sends nothing', () => {
  it('while one of the member’s sockets is connected, then again once it is gone', async () => {
    const [ann, bob] = [await member('Ann'), await member('Bob')];
    const { sub } = await subscribe(bob);
    const socket = await t.socket(asMember(bob));
    await sendDirect(ann, bob, 'seen in the tab');
    await socket.next('message:new', (m) => m.text === 'seen in the tab');
    await t.app.push.settled();
    expect(pushesTo(sub)).toEqual([]);
    const gone = new Promise((resolve) => socket.socket.once('disconnect', resolve));
    socket.socket.disconnect();
    await gone;
    // The server sees the socket close a moment after the client does: wait until it no longer holds it.
    await expect.poll(() => t.app.ctx.realtime.chat.adapter.rooms.get(`user:${bob.id}`)?.size ?? 0).toBe(0);
    await sendDirect(ann, bob, 'tab closed');
    expect((await service.next((p) => p.subscription === sub.name)).body.body).toBe('tab closed');
    expect(pushesTo(sub).map((p) => p.body.body)).toEqual(['tab closed']);
  });

  it.runIf(process.env.REDIS_URL)('while the member’s socket is connected to another process of the deployment', async () => {
    const [ann, bob] = [await member('Ann'), await member('Bob')];
    const { sub } = await subscribe(bob);
    const other = await t.otherProcess();
    await other.app.listen({ port: 0, host: '127.0.0.1' });
    const socket = await connectRecorder(socketUrl(other), bob.token);
    try {
      await sendDirect(ann, bob, 'seen elsewhere');
      await socket.next('message:new', (m) => m.text === 'seen elsewhere');
      await t.app.push.settled();
      expect(pushesTo(sub)).toEqual([]);
    } finally {
      socket.socket.disconnect();
    }
  });

  it('after the member logged out: the subscription ended with the session', async () => {
    const [ann, bob] = [await member('Ann'), await member('Bob')];
    const { sub, id } = await subscribe(bob);
    expect((await t.as(asMember(bob)).post('/api/auth/logout')).statusCode).toBe(200);
    await sendDirect(ann, bob, 'after logout');
    await t.app.push.settled();
    expect(pushesTo(sub)).toEqual([]);
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id))).toEqual([]);
  });

  it('to a subscription the push service answers 410 for, which is deleted', async () => {
    const [ann, bob] = [await member('Ann'), await member('Bob')];
    const { sub, id } = await subscribe(bob);
    service.answer(sub, 410);
    await sendDirect(ann, bob, 'to a dropped browser');
    await t.app.push.settled();
    expect((await t.as(asMember(bob)).delete(`/api/push/subscriptions/${id}`)).statusCode).toBe(404);
  });
});

describe('sending', () => {
  it('retries a push the service could not take, until it is delivered', async () => {
    const sub = service.subscribe('retried');
    service.answer(sub, 503);
    const forgotten: number[] = [];
    const sender = new PushSender({
      vapid: vapidKeys({ dataDir: t.config.dataDir }),
      subject: 'mailto:ops@example.test',
      allowPrivateEndpoints: true,
      forget: async (id) => void forgotten.push(id),
      log: { warn: () => {} },
      retryDelaysMs: [10, 10, 10],
    });
    const failing = service.answered() + 2;
    sender.send({ id: 1, ...sub.json, ...sub.json.keys }, { kind: 'message', title: 'Once more', url: '/', tag: 't' }, 'normal');
    await service.requests(failing);
    service.answer(sub, 201);
    expect((await service.next((p) => p.subscription === 'retried')).body.title).toBe('Once more');
    await sender.idle();
    sender.close();
    expect(forgotten).toEqual([]);
  });
});

describe('subscriptions', () => {
  it('are deleted by their owner only', async () => {
    const [ann, bob] = [await member('Ann'), await member('Bob')];
    const { id } = await subscribe(bob);
    expect((await t.as(asMember(ann)).delete(`/api/push/subscriptions/${id}`)).statusCode).toBe(404);
    expect((await t.as(asMember(bob)).delete(`/api/push/subscriptions/${id}`)).statusCode).toBe(204);
    expect((await t.as(asMember(bob)).delete(`/api/push/subscriptions/${id}`)).statusCode).toBe(404);
  });

  it('answer bad input with 4xx {code, msg}', async () => {
    const bob = await member('Bob');
    const good = service.subscribe('never-used').json;
    const bad = [
      {},
      { endpoint: good.endpoint },
      { ...good, endpoint: good.endpoint.replace('https:', 'http:') },
      { ...good, endpoint: 'not a url' },
      { ...good, keys: { ...good.keys, p256dh: 'short' } },
      { ...good, keys: { ...good.keys, auth: good.keys.p256dh } },
      { ...good, keys: { p256dh: good.keys.p256dh, auth: 'a b' } },
    ];
    for (const body of bad) {
      const res = await t.as(asMember(bob)).post('/api/push/subscriptions', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ code: expect.any(String), msg: expect.any(String) });
    }
    expect((await t.as(null).post('/api/push/subscriptions', good)).statusCode).toBe(401);
    expect((await t.as(asMember(bob)).delete('/api/push/subscriptions/abc')).statusCode).toBe(400);
    expect((await t.as(asMember(bob)).patch('/api/push/preferences', { kinds: { nope: true } })).statusCode).toBe(400);
    expect((await t.as(asMember(bob)).patch('/api/push/preferences', {})).statusCode).toBe(400);
  });

  it('are kept to the newest few per member', async () => {
    const bob = await member('Bob');
    const ids: number[] = [];
    for (let i = 0; i <= SUBSCRIPTIONS_PER_MEMBER; i++) ids.push((await subscribe(bob, `bob-device-${i}`)).id);
    expect((await t.as(asMember(bob)).delete(`/api/push/subscriptions/${ids[0]}`)).statusCode).toBe(404);
    expect((await t.as(asMember(bob)).delete(`/api/push/subscriptions/${ids[1]}`)).statusCode).toBe(204);
  });
});

describe('endpoint safety', () => {
  it('takes only public addresses as push services', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '192.168.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '0.0.0.0',
    ])
      expect(isPublicAddress(address), address).toBe(false);
    for (const address of ['8.8.8.8', '142.250.185.10', '2a00:1450:4001:80b::200a']) expect(isPublicAddress(address), address).toBe(true);
  });

  it('refuses endpoints on loopback or private addresses without the flag', async () => {
    for (const endpoint of ['https://127.0.0.1/push/x', 'https://localhost/push/x', 'https://10.0.0.8/push/x', 'https://[::1]:8443/push/x'])
      await expect(checkEndpoint(endpoint, false), endpoint).rejects.toThrow(EndpointRefused);
    await expect(checkEndpoint('https://127.0.0.1/push/x', true)).resolves.toBeUndefined();
  });
});
