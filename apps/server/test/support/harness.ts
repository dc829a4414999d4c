import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { createTestApp, type TestApp } from './test-app.ts';
import { confirmByMail, multipartBody, profileFields, randomClientAddress, registerUser, type UploadFile } from './factories.ts';
import { connectRecorder } from './sockets.ts';

/**
 * The build options a file may set for its app (how often open sockets' sessions are checked, where the log goes).
 * Not `sameDeploymentAs`: a second process of the same deployment comes from `t.otherProcess()`.
 */
type TestAppOptions = Omit<NonNullable<Parameters<typeof createTestApp>[1]>, 'sameDeploymentAs'>;

/**
 * The one server test harness: the real app on a fresh database for this file, closed after it.
 * `const t = useTestApp()` then, inside tests, `t.app`, `await t.member()`, `t.as(member).get('/api/…')`.
 */
export function useTestApp(env: Record<string, string> = {}, options: { listen?: boolean } & TestAppOptions = {}) {
  const { listen, ...appOptions } = options;
  let current: TestApp | undefined;
  const others: TestApp[] = [];
  const sockets: Array<{ socket: { disconnect(): unknown } }> = [];
  beforeAll(async () => {
    current = await createTestApp(env, appOptions);
    if (listen) await current.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterEach(() => {
    for (const s of sockets.splice(0)) s.socket.disconnect();
  });
  afterAll(async () => {
    for (const other of others.splice(0)) await other.close();
    await current?.close();
  });
  const get = () => {
    if (!current) throw new Error('useTestApp(): the app is only there inside tests and hooks');
    return current;
  };
  return {
    // The TestApp's parts, so the harness goes wherever a TestApp is taken (the factories, the socket helpers).
    get app() {
      return get().app;
    },
    get mail() {
      return get().mail;
    },
    get db() {
      return get().db;
    },
    get config() {
      return get().config;
    },
    get realtimeRedisKey() {
      return get().realtimeRedisKey;
    },
    get rateLimitNamespace() {
      return get().rateLimitNamespace;
    },
    close: () => get().close(),
    /** After writing straight to the database: resolves once the app has heard of it (its read caches are current). */
    noticed: () => get().app.ctx.notices.sync(),
    /** The whole test app, for helpers that take one. */
    get instance() {
      return get();
    },
    /** A member factory: registered; by default also with a set-up profile (so they may post and chat). */
    member: (options?: MemberOptions) => createMember(get(), options),
    /** Several members at once. */
    members: (count: number, options?: MemberOptions) => Promise.all(Array.from({ length: count }, () => createMember(get(), options))),
    /** A request client acting as that member (or as nobody, with `as(null)`). */
    as: (member: Member | null) => requestsAs(get(), member),
    /**
     * A socket of that member on /ws/chat that records what it receives (the app must listen: `useTestApp({}, { listen: true })`).
     * Closed after the test.
     */
    socket: async (member: Member) => {
      const client = await connectRecorder(`http://127.0.0.1:${(get().app.server.address() as AddressInfo).port}/ws/chat`, member.token);
      sockets.push(client);
      return client;
    },
    /** Another process of this deployment (same database, same Redis when set), closed after the file. */
    otherProcess: async () => {
      const other = await createTestApp({}, { sameDeploymentAs: get() });
      others.push(other);
      return other;
    },
    /** A post by that member, by the call the web app makes; its id. */
    post: async (author: Member, text: string): Promise<number> => {
      const res = await requestsAs(get(), author).multipart('/api/posts/create', { post: text });
      expect(res.statusCode).toBe(201);
      return res.json().post_id;
    },
    /** A share (repost with a line of text) of that post by the member; the share's id. */
    share: async (member: Member, postId: number): Promise<number> => {
      const res = await requestsAs(get(), member).post(`/api/posts/${postId}/share`, { text: 'look at this' });
      expect(res.statusCode).toBe(201);
      return res.json().post_id;
    },
  };
}

export interface MemberOptions {
  /** false: registered only, onboarding not done. Default true. */
  profile?: boolean;
  /** false: the mailed confirmation code is never entered (such members may not write). Default true. */
  confirmed?: boolean;
  username?: string;
  fullName?: string;
  email?: string;
  password?: string;
}

export interface Member {
  id: number;
  email: string;
  password: string;
  token: string;
  username: string | null;
  auth: { authorization: string };
}

async function createMember(t: TestApp, options: MemberOptions = {}): Promise<Member> {
  const member: Member = { ...(await registerUser(t, { email: options.email, password: options.password })), username: null };
  if (options.confirmed !== false) await confirmByMail(t, member);
  if (options.profile === false) return member;
  const username = options.username ?? `m_${crypto.randomBytes(4).toString('hex')}`;
  const fields = { ...profileFields(username), ...(options.fullName ? { full_name: options.fullName } : {}) };
  const done = await requestsAs(t, member).patch('/api/auth/complete-profile', fields);
  if (done.statusCode !== 200) throw new Error(`complete profile failed: ${done.statusCode} ${done.body}`);
  return { ...member, username };
}

type Body = Record<string, unknown> | unknown[] | undefined;

/** inject() with the member's token; `multipart(url, fields, files)` for uploads. Each call comes from its own client address. */
function requestsAs(t: TestApp, member: Member | null) {
  const headers = member ? member.auth : {};
  const send = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: Body) =>
    t.app.inject({
      method,
      url,
      headers,
      remoteAddress: randomClientAddress(),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return {
    get: (url: string) => send('GET', url),
    post: (url: string, payload?: Body) => send('POST', url, payload ?? {}),
    put: (url: string, payload?: Body) => send('PUT', url, payload ?? {}),
    patch: (url: string, payload?: Body) => send('PATCH', url, payload ?? {}),
    delete: (url: string, payload?: Body) => send('DELETE', url, payload),
    multipart: (
      url: string,
      fields: Record<string, string>,
      files: Array<UploadFile & { field: string }> = [],
      method: 'POST' | 'PATCH' = 'POST',
    ) => {
      const body = multipartBody(fields, files);
      return t.app.inject({
        method,
        url,
        headers: { ...headers, ...body.headers },
        payload: body.payload,
        remoteAddress: randomClientAddress(),
      });
    },
  };
}

export type RequestClient = ReturnType<typeof requestsAs>;
