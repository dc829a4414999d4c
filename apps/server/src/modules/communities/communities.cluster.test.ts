import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/support/test-app.ts';
import { twoProcesses } from '../../../test/support/two-processes.ts';
import { directMember as chatMember, type DirectMember as ChatMember } from '../../../test/support/direct-member.ts';
import { inRoom, watchChat } from './communities.test-support.ts';

const http = (t: TestApp, who: ChatMember, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: who.auth, ...(payload ? { payload } : {}) });

describe.skipIf(!process.env.REDIS_URL)(
  'communities across two processes on one database and Redis (skipped: REDIS_URL is not set)',
  () => {
    const cluster = twoProcesses();

    /** A socket in the community's room (its first community:online says so); `chatting`: with the chat open too. */
    async function connect(t: TestApp, who: ChatMember, communityId?: number, chatting = false) {
      const client = await cluster.connect(t, who.token);
      if (communityId) await inRoom(client, communityId);
      if (communityId && chatting) await watchChat(client, communityId, who);
      return client;
    }

    async function community(owner: ChatMember, ...members: ChatMember[]) {
      const res = await http(cluster.one, owner, 'POST', '/communities', { name: `Cluster ${Math.random()}` });
      const id = res.json().id as number;
      for (const m of members) await http(cluster.one, m, 'POST', `/communities/${id}/join`);
      return id;
    }

    it('broadcasts once to members on every process and counts who is chatting anywhere', async () => {
      const { one, two } = cluster;
      const [owner, ann, eve] = [await chatMember(one), await chatMember(one), await chatMember(one)];
      const id = await community(owner, ann);
      const o = await connect(one, owner, id, true);
      const a = await connect(two, ann, id, true);
      await o.next('community:online', (e) => e.community_id === id && e.online_count === 2);
      expect((await http(two, owner, 'GET', `/communities/${id}`)).json().online_count).toBe(2);
      const e = await connect(two, eve);

      const clientId = crypto.randomUUID();
      const sent = (await http(one, owner, 'POST', `/communities/${id}/send`, { text: 'across', client_id: clientId })).json().message;
      // The same send retried on the other process (over its socket) is the same message, not a second one.
      const retry = await new Promise<{ message: { id: number } }>((resolve) =>
        o.socket.emit('community:send', { community_id: id, text: 'across', client_id: clientId }, resolve),
      );
      expect(retry.message.id).toBe(sent.id);
      await http(one, owner, 'POST', `/communities/${id}/send`, { text: 'then' });
      await a.next('community:message:new', (m) => m.text === 'then');
      expect(a.events.filter((x) => x.name === 'community:message:new').map((x) => x.payload.id)).toEqual([sent.id, expect.any(Number)]);

      const theirs = (await http(two, eve, 'POST', '/communities', { name: 'Eve only' })).json().id;
      await http(two, eve, 'POST', `/communities/${theirs}/send`, { text: 'own' });
      await e.next('community:message:new', (m) => m.text === 'own');
      expect(e.events.filter((x) => x.name === 'community:message:new').map((x) => x.payload.text)).toEqual(['own']);

      a.socket.disconnect();
      await o.next('community:online', (x) => x.community_id === id && x.online_count === 1);
    });

    it('cuts a member removed on one process off on the other at once, and lets a joiner in at once', async () => {
      const { one, two } = cluster;
      const [owner, ann, bob] = [await chatMember(one), await chatMember(one), await chatMember(one)];
      const id = await community(owner, ann);
      const marker = await community(owner, ann, bob);
      const a = await connect(two, ann, id);
      const b = await connect(two, bob, marker);

      expect((await http(one, owner, 'DELETE', `/communities/${id}/members/${ann.id}?ban=true`)).statusCode).toBe(204);
      await http(one, owner, 'POST', `/communities/${id}/send`, { text: 'banned cannot read this' });
      await http(one, owner, 'POST', `/communities/${marker}/send`, { text: 'marker' });
      await a.next('community:message:new', (m) => m.text === 'marker');
      expect(a.events.filter((x) => x.name === 'community:message:new').map((x) => x.payload.text)).toEqual(['marker']);
      expect((await http(two, ann, 'POST', `/communities/${id}/join`)).statusCode).toBe(403);

      expect((await http(one, bob, 'POST', `/communities/${id}/join`)).json().status).toBe('member');
      await http(two, owner, 'POST', `/communities/${id}/send`, { text: 'welcome bob' });
      await b.next('community:message:new', (m) => m.text === 'welcome bob');
    });
  },
);
