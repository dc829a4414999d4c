import { createElement } from 'react';
import { QueryClient, useQuery } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import type { ConversationMessage, Group, GroupListItem, UnreadCount } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';
import { headerCounterKeys } from '../../../lib/header-counters';
import { renderInApp } from '../../../test-render';
import { groupState } from '../stores/groups';
import { outbox } from '../stores/outbox';
import { aConversationMessage } from '../../../lib/conversation/messages.test-support';

/** A group chat as the server shows it to member 99 ('Me', its admin), with Ada (1) and Ben (2), for the web tests. */
export const ME = { id: 99, name: 'Me', username: 'me', avatar: null };
export const ADA = { id: 1, name: 'Ada', username: 'ada', avatar: null };
export const BEN = { id: 2, name: 'Ben', username: 'ben', avatar: null };
export const CY = { id: 3, name: 'Cy', username: 'cy', avatar: null };

export const group = (patch: Partial<Group> = {}): Group => ({
  id: 5,
  name: 'Trip',
  avatar: null,
  members: [
    { ...ME, role: 'admin' },
    { ...ADA, role: 'member' },
    { ...BEN, role: 'member' },
  ],
  my_role: 'admin',
  created_at: '2026-01-05T09:00:00Z',
  ...patch,
});

export const groupMessage = (id: number, patch: Partial<ConversationMessage> = {}): ConversationMessage =>
  aConversationMessage(id, { sender_id: ADA.id, sender: ADA, created_at: new Date().toISOString(), group_id: 5, ...patch });

export const listItem = (patch: Partial<GroupListItem> = {}): GroupListItem => ({
  id: 5,
  name: 'Trip',
  avatar: null,
  member_count: 3,
  last_message: null,
  unread: 0,
  muted: false,
  ...patch,
});

export interface FakeGroupServer {
  group: Group;
  messages: ConversationMessage[];
  groups: GroupListItem[];
  users: (typeof ADA)[];
  reads: { user_id: number; last_read_id: number }[];
  /** Answers for calls the test wants to fail: path -> status. */
  fail: Record<string, number>;
}

/** Fakes `fetch` for the group calls; every request is recorded in `calls` as `METHOD /path` with its JSON body. */
export function fakeGroupServer(patch: Partial<FakeGroupServer> = {}) {
  const state: FakeGroupServer = {
    group: group(),
    messages: [],
    groups: [listItem()],
    users: [ADA, BEN, CY],
    reads: [],
    fail: {},
    ...patch,
  };
  const calls: { call: string; body: unknown }[] = [];
  let nextId = 100;
  const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://x');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
    const call = `${method} ${url.pathname}`;
    calls.push({ call, body });
    if (state.fail[call]) return Response.json({ code: 'NOPE', msg: 'Not allowed' }, { status: state.fail[call] });
    const path = url.pathname;
    if (call === 'GET /api/chat/conversations') return Response.json({ conversations: [] });
    if (call === 'GET /api/chat/groups') return Response.json({ groups: state.groups });
    if (call === 'GET /api/chat/users') {
      const search = (url.searchParams.get('search') ?? '').toLowerCase();
      return Response.json({ users: state.users.filter((u) => u.name.toLowerCase().includes(search)), next_offset: null });
    }
    if (call === 'POST /api/chat/groups') {
      const made = group({
        id: 6,
        name: body.name,
        members: [
          { ...ME, role: 'admin' },
          ...state.users.filter((u) => body.member_ids.includes(u.id)).map((u) => ({ ...u, role: 'member' as const })),
        ],
      });
      return Response.json(made, { status: 201 });
    }
    if (call === 'GET /api/chat/groups/5') return Response.json(state.group);
    if (call === 'PATCH /api/chat/groups/5') {
      state.group = { ...state.group, name: body.name };
      return Response.json(state.group);
    }
    if (call === 'POST /api/chat/groups/5/members') {
      const added = state.users.filter((u) => body.user_ids.includes(u.id)).map((u) => ({ ...u, role: 'member' as const }));
      state.group = { ...state.group, members: [...state.group.members, ...added] };
      return Response.json(state.group);
    }
    const removed = /^DELETE \/api\/chat\/groups\/5\/members\/(\d+)$/.exec(call);
    if (removed) {
      state.group = { ...state.group, members: state.group.members.filter((m) => m.id !== Number(removed[1])) };
      return new Response(null, { status: 204 });
    }
    if (call === 'GET /api/chat/groups/5/messages') return Response.json(state.messages);
    if (call === 'GET /api/chat/groups/5/reads') return Response.json({ reads: state.reads });
    if (call === 'POST /api/chat/groups/5/read') return Response.json({ unread: 0 });
    if (call === 'POST /api/chat/groups/5/send') {
      const message = groupMessage(nextId++, { text: body.text, client_id: body.client_id, sender_id: ME.id, sender: ME });
      state.messages = [...state.messages, message];
      return Response.json({ message }, { status: 201 });
    }
    const one = /^(PATCH|DELETE|POST) \/api\/chat\/groups\/5\/messages\/(\d+)(\/reactions)?$/.exec(call);
    if (one) {
      const id = Number(one[2]);
      const current = state.messages.find((m) => m.id === id)!;
      const next = one[3]
        ? { ...current, reactions: [{ emoji: body.emoji, count: 1, user_ids: [ME.id] }] }
        : one[1] === 'PATCH'
          ? { ...current, text: body.text, edited_at: new Date().toISOString() }
          : // An admin deleting someone else's message removes it (the server's `removed`).
            { ...current, text: '', deleted: true, removed: current.sender_id !== ME.id };
      state.messages = state.messages.map((m) => (m.id === id ? next : m));
      return Response.json({ message: next });
    }
    if (call === 'PUT /api/chat/groups/5/mute') {
      const until: string | null = body.muted ? (body.until ?? null) : null;
      state.groups = state.groups.map((g) => (g.id === 5 ? { ...g, muted: body.muted } : g));
      return Response.json({ muted: body.muted, muted_until: until });
    }
    if (call === 'POST /api/chat/groups/5/clear') {
      const cleared = Math.max(0, ...state.messages.map((m) => m.id));
      state.messages = [];
      state.groups = state.groups.map((g) => (g.id === 5 ? { ...g, unread: 0, last_message: null } : g));
      return Response.json({ cleared_before: cleared });
    }
    // The header's chat count, as the server counts it: muted groups leave it.
    if (call === 'GET /api/chat/unread-count')
      return Response.json({ unreadCount: state.groups.filter((g) => !g.muted).reduce((n, g) => n + g.unread, 0) });
    return path.startsWith('/api/chat/unread') ? Response.json({ unreadCount: 0 }) : Response.json({});
  });
  return { state, calls, fetchMock, made: (call: string) => calls.filter((c) => c.call === call) };
}

export function signIn() {
  localStorage.setItem('USER_TOKEN', 'token');
  localStorage.setItem('USER_AUTH', JSON.stringify({ id: ME.id, name: ME.name, username: ME.username }));
}

/** The header's Chats counter, read as the header reads it (the app's layout is not the chat feature's to import). */
export function ChatsCounter() {
  const count = useQuery({ queryKey: headerCounterKeys.chat, queryFn: () => api<UnreadCount>('/chat/unread-count') });
  return createElement('p', { 'data-testid': 'chats-counter' }, count.data?.unreadCount ?? '…');
}

/** Opens `path` among `routes`, in the app's providers, with queries that fail at once (no retries). */
export function openRoutes(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  renderInApp(createElement(RouterProvider, { router }), new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  return router;
}

/** After each test: the fakes go, and no group removal or pending message is carried into the next test. */
export function resetGroupTest() {
  vi.restoreAllMocks();
  groupState.reset();
  outbox.load(null);
}
