import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/support/test-app.ts';
import { twoProcesses } from '../../../test/support/two-processes.ts';
import { directMember, type DirectMember } from '../../../test/support/direct-member.ts';

const http = (t: TestApp, who: DirectMember, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: who.auth, ...(payload ? { payload } : {}) });

async function group(t: TestApp, creator: DirectMember, others: DirectMember[]) {
  const res = await http(t, creator, 'POST', '/chat/groups', { name: 'Cluster', member_ids: others.map((o) => o.id) });
  expect(res.statusCode).toBe(201);
  return res.json().id as number;
}
const send = async (t: TestApp, who: DirectMember, id: number, text: string) =>
  expect((await http(t, who, 'POST', `/chat/groups/${id}/send`, { text })).statusCode).toBe(201);

describe.skipIf(!process.env.REDIS_URL)(
  'group chats across two processes on one database and Redis (skipped: REDIS_URL is not set)',
  () => {
    const cluster = twoProcesses();

    it('delivers to members on the other process, lets one added there in, and cuts one removed there off at once', async () => {
      const { one, two } = cluster;
      const [ada, ben, cy, dee] = [await directMember(one), await directMember(one), await directMember(one), await directMember(one)];
      const id = await group(one, ada, [ben, cy]);
      const marker = await group(one, ada, [ben, dee]);
      const [b, d] = [await cluster.connect(two, ben.token), await cluster.connect(two, dee.token)];

      await send(one, cy, id, 'across');
      await b.next('group:message:new', (m) => m.text === 'across');

      expect((await http(one, ada, 'POST', `/chat/groups/${id}/members`, { user_ids: [dee.id] })).statusCode).toBe(200);
      await send(one, cy, id, 'welcome');
      await d.next('group:message:new', (m) => m.text === 'welcome');

      // Counted where ben's socket is, so a connect there that was joining meanwhile looks again (realtime/io.ts).
      const leaves = two.app.ctx.realtime.roomLeaves();
      expect((await http(one, ada, 'DELETE', `/chat/groups/${id}/members/${ben.id}`)).statusCode).toBe(204);
      expect(await b.next('group:removed')).toEqual({ group_id: id });
      expect(two.app.ctx.realtime.roomLeaves()).toBeGreaterThan(leaves);
      await send(one, cy, id, 'not for ben');
      await send(one, ada, marker, 'marker');
      await b.next('group:message:new', (m) => m.text === 'marker');
      expect(
        b.events.filter((e) => e.name === 'group:message:new' && e.payload.group_id === id && !e.payload.system).map((e) => e.payload.text),
      ).toEqual(['across', 'welcome']);
    });
  },
);
