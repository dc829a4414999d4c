import type { IncomingMessage, Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import type { Redis } from 'ioredis';
import { ErrorCode, SOCKET_LIMITS } from '@tribeverse/shared';
import { closeRedis } from '../lib/redis.ts';
import { HandshakeAdmission, RETRY_AFTER_MS } from './admission.ts';
import { MemberEvents, type MemberSocket } from './member-events.ts';
import { createRedisAdapter } from './redis-adapter.ts';
import { sessionRoom, userRoom } from './rooms.ts';
import type { ChatNamespace, ChatServer, SocketData } from './socket-types.ts';

export type { ChatNamespace, ChatServer, SocketData };

/** An event sent to these rooms (`user:{id}`, `group:{id}`, …) with its payload. */
export type BroadcastListener = (event: string, payload: unknown, rooms: string[]) => void;

export interface Realtime {
  io: ChatServer;
  chat: ChatNamespace;
  /**
   * Where every client event's handler is registered (`events.on(name, { cost }, handler)`), never `socket.on`: each
   * event is charged to its member's budget before its handler runs.
   */
  events: MemberEvents;
  /** True with REDIS_URL: other processes share these rooms and events. */
  shared: boolean;
  /**
   * Hears every event this process sends to rooms (not those sent by other processes, which hear their own), after it
   * went out to the sockets: for what must reach members who have no socket to hear it (web push).
   */
  onBroadcast(events: readonly string[], listener: BroadcastListener): void;
  /** Work a socket event started in the background (presence on disconnect, say): close() lets it finish first. */
  track(work: Promise<unknown>): void;
  /**
   * How many times a socket of this process has been taken out of a room (a removal from a group or a community, made
   * on any process, moves the removed member's sockets here). A connect that looked up its member's rooms and then
   * joined them compares it across the two: unchanged, no removal slipped between its lookup and its join, and it
   * need not look again.
   */
  roomLeaves(): number;
  close(): Promise<void>;
}

/** A handshake refused: the client's connect_error has `message` (the code) and `data` ({code, msg}). */
function refusal(code: string, msg: string, extra?: Record<string, unknown>) {
  return Object.assign(new Error(code), { data: { code, msg, ...extra } });
}

/**
 * Far more than a process admits in the time a handshake takes when all is well (a few ms each): reached only when
 * the database falls behind a storm.
 */
const HANDSHAKES_AT_ONCE = 1000;

/** How long close() waits for background socket work before it closes the Redis connections under it. */
const SETTLE_MS = 2000;

/** socket.io on the app's own HTTP server: path /socket.io, namespace /ws/chat, websocket only. */
export function createRealtime(
  server: HttpServer,
  options: {
    redisUrl?: string;
    /** Redis channel prefix: processes of one deployment share it; tests give each app its own. */
    redisKey?: string;
    /** `request`: the handshake's, for the address the session was used from. */
    authenticate: (token: string, request: IncomingMessage) => Promise<SocketData | null>;
    /** Handshakes under way at once before more are told to try again (see HandshakeAdmission). */
    handshakesAtOnce?: number;
    /** RATE_LIMIT_FACTOR: scales the members' event budgets. */
    rateLimitFactor?: number;
    /** A handler that threw past its own error handling. */
    onHandlerError?: (error: unknown, event: string) => void;
  },
): Realtime {
  const io: ChatServer = new Server(server, { path: '/socket.io', transports: ['websocket'], serveClient: false });
  let redisClients: Redis[] = [];
  if (options.redisUrl) {
    const shared = createRedisAdapter(options.redisUrl, options.redisKey ?? 'socket.io');
    io.adapter(shared.adapter as unknown as Parameters<ChatServer['adapter']>[0]);
    redisClients = shared.clients;
  }
  const chat: ChatNamespace = io.of('/ws/chat');
  const events = new MemberEvents(options.rateLimitFactor, options.onHandlerError);
  // Every emit to rooms passes through the adapter's broadcast on the process that sends it; with Redis, the other
  // processes deliver it by the base class's broadcast, which this instance's does not wrap: each event is heard once.
  // Listeners by the events they asked for: the many others (greetings to a crowd of sockets, typing) cost no list.
  const listeners = new Map<string, BroadcastListener[]>();
  const broadcast = chat.adapter.broadcast.bind(chat.adapter);
  chat.adapter.broadcast = (packet: { data?: unknown }, opts) => {
    broadcast(packet, opts);
    const [event, payload] = Array.isArray(packet.data) ? (packet.data as unknown[]) : [];
    const heard = typeof event === 'string' && listeners.get(event);
    if (!heard) return;
    const rooms = [...opts.rooms].map(String);
    for (const listener of heard) {
      try {
        listener(event, payload, rooms);
      } catch (error) {
        options.onHandlerError?.(error, event);
      }
    }
  };
  // socket.leave() and every socketsLeave() (this process's or another's, through the adapter) end in del(); a
  // disconnect leaves by delAll(), which is not counted: a socket that goes needs no second look.
  let roomLeaves = 0;
  const del = chat.adapter.del.bind(chat.adapter);
  chat.adapter.del = (id, room) => {
    roomLeaves++;
    return del(id, room);
  };
  const socketsOf = (userId: number) => chat.adapter.rooms.get(userRoom(userId))?.size ?? 0;
  const admission = new HandshakeAdmission(options.handshakesAtOnce ?? HANDSHAKES_AT_ONCE);
  chat.use(async (socket, next) => {
    if (!admission.admit(socket)) {
      return next(refusal(ErrorCode.TRY_AGAIN, 'The server is busy. Reconnecting in a moment.', { retry_after_ms: RETRY_AFTER_MS }));
    }
    socket.conn.once('close', () => admission.done(socket));
    const token = typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : '';
    const identity = token ? await options.authenticate(token, socket.request).catch(() => null) : null;
    if (!identity) {
      admission.done(socket);
      return next(refusal(ErrorCode.UNAUTHORIZED, 'Sign in again to reconnect.'));
    }
    // Counted and joined in the same turn, so handshakes finishing together cannot all pass the count. Joined before
    // it connects: a socket that never does (its client went, or a later check refused it) is taken out of its rooms
    // by socket.io, and events to a room reach only connected sockets.
    if (socketsOf(identity.userId) >= SOCKET_LIMITS.socketsPerMember) {
      admission.done(socket);
      return next(refusal(ErrorCode.TOO_MANY_SOCKETS, 'Too many tabs or devices are connected. Close one and try again.'));
    }
    socket.data = identity;
    void socket.join([userRoom(identity.userId), sessionRoom(identity.sessionId)]);
    next();
  });
  // socket.io calls these with the socket as `this`: one listener for all sockets, not a closure each.
  function dispatch(this: MemberSocket, event: string, ...args: unknown[]) {
    events.dispatch(this, event, args);
  }
  function disconnected(this: MemberSocket) {
    if (!socketsOf(this.data.userId)) events.forget(this.data.userId);
  }
  chat.on('connection', (socket) => {
    admission.done(socket);
    socket.onAny(dispatch);
    socket.on('disconnect', disconnected);
  });
  events.on('ping', { cost: 'cheap' }, (_socket, _payload, reply) => reply(Date.now()));
  const inFlight = new Set<Promise<unknown>>();
  return {
    io,
    chat,
    events,
    shared: Boolean(options.redisUrl),
    onBroadcast(names, listener) {
      for (const name of names) listeners.set(name, [...(listeners.get(name) ?? []), listener]);
    },
    roomLeaves: () => roomLeaves,
    track(work) {
      const settled: Promise<void> = work.then(
        () => void inFlight.delete(settled),
        () => void inFlight.delete(settled),
      );
      inFlight.add(settled);
    },
    async close() {
      // Not io.close(): that closes the HTTP server too, which the app closes itself after this. Only this
      // process's connections: with the Redis adapter a plain disconnectSockets() is broadcast and would close every
      // member's socket on every other process of the deployment (a rolling restart would drop everybody). Nor
      // socket.disconnect(): a client told the server closed its socket ('io server disconnect') never reconnects on
      // its own, so after a restart nobody would come back; a closed connection ('transport close') is what a
      // restart looks like, and the client returns with its back-off. The sockets' handlers run now, synchronously.
      io.engine.close();
      // Disconnecting ran the sockets' handlers; what they started (a last seen written, then told to the cluster)
      // still needs Redis. Closing it under them would fail their publishes with nobody to hear the error.
      if (inFlight.size) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([Promise.all(inFlight), new Promise((resolve) => (timer = setTimeout(resolve, SETTLE_MS)))]);
        clearTimeout(timer);
      }
      await Promise.all(redisClients.map((client) => closeRedis(client)));
    },
  };
}
