import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { connectRecorder, socketUrl } from '../../../test/support/sockets.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { directMember, type DirectMember } from '../../../test/support/direct-member.ts';

const open: Socket[] = [];
let one: TestApp;
let two: TestApp;

const http = (t: TestApp, who: DirectMember, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: who.auth, ...(payload ? { payload } : {}) });

async function connect(t: TestApp, who: DirectMember) {
  const client = await connectRecorder(socketUrl(t), who.token);
  open.push(client.socket);
  return client;
}

async function group(creator: DirectMember, others: DirectMember[]) {
  const res = await http(one, creator, 'POST', '/chat/groups', { name: 'Cluster', member_ids: others.map((o) => o.id) });
  expect(res.statusCode).toBe(201);
  return res.json().id as number;
}
const send = async (t: TestApp, who: DirectMember, id: number, text: string) =>
  expect((await http(t, who, 'POST', `/chat/groups/${id}/send`, { text })).statusCode).toBe(201);

describe.skipIf(!process.env.REDIS_URL)(
  'group chats across two processes on one database and Redis (skipped: REDIS_URL is not set)',
  () => {
    beforeAll(async () => {
      one = await createTestApp();
      two = await createTestApp({}, { sameDeploymentAs: one });
      await one.app.listen({ port: 0, host: '127.0.0.1' });
      await two.app.listen({ port: 0, host: '127.0.0.1' });
    });
    afterEach(() => {
      open.splice(0).forEach((s) => s.disconnect());
    });
    afterAll(async () => {
      await two?.close();
      await one?.close();
    });

    it('delivers to members on the other process, lets one added there in, and cuts one removed there off at once', async () => {
      const [ada, ben, cy, dee] = [await directMember(one), await directMember(one), await directMember(one), await directMember(one)];
      const id = await group(ada, [ben, cy]);
      const marker = await group(ada, [ben, dee]);
      const [b, d] = [await connect(two, ben), await connect(two, dee)];

      await send(one, cy, id, 'across');
      await b.next('group:message:new', (m) => m.text === 'across');

      expect((await http(one, ada, 'POST', `/chat/groups/${id}/members`, { user_ids: [dee.id] })).statusCode).toBe(200);
      await send(one, cy, id, 'welcome');
      await d.next('group:message:new', (m) => m.text === 'welcome');

      expect((await http(one, ada, 'DELETE', `/chat/groups/${id}/members/${ben.id}`)).statusCode).toBe(204);
      expect(await b.next('group:removed')).toEqual({ group_id: id });
      await send(one, cy, id, 'not for ben');
      await send(one, ada, marker, 'marker');
      await b.next('group:message:new', (m) => m.text === 'marker');
      expect(
        b.events.filter((e) => e.name === 'group:message:new' && e.payload.group_id === id && !e.payload.system).map((e) => e.payload.text),
      ).toEqual(['across', 'welcome']);
    });
  },
);
