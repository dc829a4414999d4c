import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { Channel } from '@tribeverse/shared';
import { renderInApp } from '../../test-render';
import type { Community, CommunityMessage } from './api/types';
import { CommunityChatPage } from './components/community-chat-page';
import { aCommunity, aMessage } from './test-fixtures';

/** Community 5's channels as the server lists them: the first one, an announcements channel, a muted one. */
export const threeChannels = (): Channel[] => [
  { id: 1, name: 'general', topic: 'Anything hiking', kind: 'text', position: 0, unread: 0, muted: false },
  { id: 2, name: 'news', topic: 'Trail closures', kind: 'announcements', position: 1, unread: 3, muted: false },
  { id: 3, name: 'random', topic: '', kind: 'text', position: 2, unread: 2, muted: true },
];

const defaultMessages = (): Record<number, CommunityMessage[]> => ({
  1: [aMessage({ id: 11, text: 'hello general', channel_id: 1 })],
  2: [aMessage({ id: 21, text: 'the north trail is closed', channel_id: 2 })],
  3: [aMessage({ id: 31, text: 'anyone seen my boots', channel_id: 3 })],
});

export interface FakeServerOptions {
  community?: Partial<Community>;
  channels?: Channel[];
  /** GET …/channels answers this status (500: the server failed; it answers the list again once it is 200). */
  channelsStatus?: number;
  /** Each channel's history (oldest first), over the default one. */
  messages?: Record<number, CommunityMessage[]>;
  /** Each channel's messages older than its first page: only a jump (`?around=`) loads them. */
  older?: Record<number, CommunityMessage[]>;
}

/**
 * The server as the community chat page meets it, channels included; it keeps the channel list, so what an admin
 * changes is what the next GET answers. Every request is recorded as [method, path, body].
 */
export function fakeServer({
  community,
  channels = threeChannels(),
  channelsStatus: failing = 200,
  messages,
  older = {},
}: FakeServerOptions = {}) {
  let channelsStatus = failing;
  const messagesOf = { ...defaultMessages(), ...messages };
  let list = channels.map((c) => ({ ...c }));
  let nextId = 4;
  const requests: [string, string, unknown][] = [];
  const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://x');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
    const path = url.pathname;
    requests.push([method, path, body]);
    if (path === '/api/communities/5') return Response.json(aCommunity(community));
    if (path === '/api/communities') return Response.json({ communities: [aCommunity(community)], next_cursor: null });
    if (path === '/api/communities/unread') return Response.json({ total: 5, communities: [{ community_id: 5, unread: 5 }] });
    if (path === '/api/communities/5/messages') return Response.json(messagesOf[1]);
    if (path === '/api/communities/5/channels') {
      if (channelsStatus !== 200) return Response.json({ code: 'INTERNAL', msg: 'Something went wrong.' }, { status: channelsStatus });
      if (method === 'POST') {
        const made = { id: nextId++, topic: '', kind: 'text', position: list.length, unread: 0, muted: false, ...body } as Channel;
        list.push(made);
        return Response.json(made, { status: 201 });
      }
      return Response.json({ channels: list });
    }
    const action = /^\/api\/communities\/5\/messages\/(\d+)(?:\/(\w+))?/.exec(path);
    if (action) {
      const stored = [...Object.values(messagesOf), ...Object.values(older)].flat().find((m) => m.id === Number(action[1]))!;
      const changed =
        action[2] === 'pin'
          ? { pinned: Boolean(body?.pinned) }
          : method === 'DELETE' && !action[2]
            ? stored.sender_id === 99
              ? { deleted: true, text: '' }
              : { removed: true, text: '' }
            : {};
      return Response.json({ message: { ...stored, ...changed } });
    }
    if (path === '/api/communities/5/reports') return Response.json({ id: 1, status: 'open' }, { status: 201 });
    const channel = /^\/api\/communities\/5\/channels\/(\d+)(?:\/(\w+))?$/.exec(path);
    if (channel) {
      const id = Number(channel[1]);
      const found = list.find((c) => c.id === id);
      if (!found) return Response.json({ code: 'NOT_FOUND', msg: 'This channel does not exist.' }, { status: 404 });
      switch (channel[2]) {
        case 'messages':
          // The history's first page; older pages, or a jump's page around a message, come from `older`.
          if (url.searchParams.has('around')) return Response.json(older[id] ?? []);
          if (url.searchParams.has('before')) return Response.json([]);
          return Response.json(messagesOf[id] ?? []);
        case 'pins':
          return Response.json({ pins: [...(messagesOf[id] ?? []), ...(older[id] ?? [])].filter((m) => m.pinned).reverse() });
        case 'send':
          return Response.json(
            { message: aMessage({ id: 100, text: String(body?.text), sender_id: 99, client_id: String(body?.client_id), channel_id: id }) },
            { status: 201 },
          );
        case 'read':
          return Response.json({ community_id: 5, channel_id: id, unread: 0, community_unread: 2, total_unread: 2 });
        case 'mute':
          found.muted = Boolean(body?.muted);
          return Response.json({ channel_id: id, muted: found.muted });
        case undefined:
          if (method === 'DELETE') {
            list = list.filter((c) => c.id !== id);
            return new Response(null, { status: 204 });
          }
          if (method === 'PATCH') {
            const { position, ...rest } = body ?? {};
            Object.assign(found, rest);
            if (typeof position === 'number') {
              list = list.filter((c) => c !== found);
              list.splice(position, 0, found);
              list.forEach((c, i) => (c.position = i));
            }
            return Response.json(found);
          }
      }
    }
    return Response.json({});
  });
  return { fetchMock, requests, list: () => list, recover: () => void (channelsStatus = 200) };
}

/** The community chat page at `path`, as the app's router mounts it. */
export function openChat(path: string) {
  localStorage.setItem('USER_TOKEN', 'token');
  localStorage.setItem('USER_AUTH', JSON.stringify({ id: 99, name: 'Me', username: 'me' }));
  const router = createMemoryRouter([{ path: '/scan-chat/community/:chatId?/:channelId?', element: <CommunityChatPage /> }], {
    initialEntries: [path],
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderInApp(<RouterProvider router={router} />, client);
  return { router, client };
}
