import { createShardedAdapter } from '@socket.io/redis-adapter';
import { Adapter, MessageType, type BroadcastOptions } from 'socket.io-adapter';
import { Redis } from 'ioredis';

/**
 * Up to this many rooms, an event to several rooms (a private message goes to both members' rooms) is published once
 * per room, so that it reaches only the processes holding one of them. An event to more rooms (a post to every
 * follower) goes out once on the namespace's channel, which every process hears: on a few processes, that many rooms
 * are most likely spread over all of them anyway, and one publication costs less than hundreds.
 */
const ROOM_COPIES_MAX = 16;

/**
 * The adapter publishes without waiting for the answer, and subscribes as rooms come and go. A command cut off by a
 * lost connection (Redis restarting, or the connection closing at shutdown) then rejects with nobody listening, and
 * an unhandled rejection ends the process: the event it carried is lost either way, as any event to a process that is
 * down, so the rejection is marked handled here. Whoever awaits the command still gets its error.
 */
function answersIgnored(client: Redis): Redis {
  for (const name of ['publish', 'spublish', 'ssubscribe', 'sunsubscribe'] as const) {
    const command = (client[name] as (...args: unknown[]) => Promise<unknown>).bind(client);
    (client as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
      const sent = command(...args);
      sent.catch(() => {});
      return sent;
    };
  }
  return client;
}

type ShardedAdapter = Adapter & { publish(message: { type: MessageType; data: unknown }): void };
/** Options as the other processes read them. */
const encoded = (opts: BroadcastOptions) => ({ rooms: [...opts.rooms], except: [...(opts.except ?? [])], flags: opts.flags ?? {} });

/**
 * socket.io across processes on Redis 7's sharded pub/sub, a channel per room: a process subscribes to the channel of
 * each room it holds a socket in (socket.io's `dynamic` mode), so an event to a room reaches only the processes with
 * members in it, where the classic adapter's one pattern subscription had every process receive and decode every
 * event of the deployment. Two changes to the library's adapter, for what the app sends:
 * - an event to a few rooms is published once per room (the library sends it on the namespace's channel, to every
 *   process), each copy leaving out the sockets of the rooms before it, so a socket in two of them hears it once;
 * - this process's own sockets hear an event (and join, leave or close) at once, as with the classic adapter, not after
 *   Redis acknowledged the publication (a round trip added to every delivery, and while Redis is away nothing until
 *   the command failed).
 * What asks every process (fetchSockets, socketsJoin, disconnectSockets) still goes on the namespace's channel.
 */
export function createRedisAdapter(redisUrl: string, channelPrefix: string) {
  const pub = answersIgnored(new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 }));
  const sub = answersIgnored(pub.duplicate());
  const sharded = createShardedAdapter(pub, sub, { channelPrefix, subscriptionMode: 'dynamic' });
  // socket.io constructs the adapter with `new`: a function returning the object, not an arrow function.
  function adapter(nsp: unknown) {
    const instance = sharded(nsp) as unknown as ShardedAdapter;
    instance.broadcast = (packet: unknown, opts: BroadcastOptions) => {
      if (!opts.flags?.local) {
        const { rooms, except, flags } = encoded(opts);
        const copies = rooms.length > 1 && rooms.length <= ROOM_COPIES_MAX ? rooms.map((room, i) => [room, ...rooms.slice(0, i)]) : null;
        const publish = (to: string[], leaveOut: string[]) =>
          instance.publish({ type: MessageType.BROADCAST, data: { packet, opts: { rooms: to, except: leaveOut, flags } } });
        if (copies) for (const [room, ...before] of copies) publish([room!], [...except, ...before]);
        else publish(rooms, except);
      }
      // Looked up at each call (not kept from the start): a test can watch what each process delivers.
      Adapter.prototype.broadcast.call(instance, packet, opts);
    };
    // Likewise this process's sockets join, leave or close at once (a revoked session's too while Redis is away); the
    // other processes' as they hear of it, in the order it was asked.
    instance.addSockets = (opts, rooms) => {
      if (!opts.flags?.local) instance.publish({ type: MessageType.SOCKETS_JOIN, data: { opts: encoded(opts), rooms } });
      Adapter.prototype.addSockets.call(instance, opts, rooms);
    };
    instance.delSockets = (opts, rooms) => {
      if (!opts.flags?.local) instance.publish({ type: MessageType.SOCKETS_LEAVE, data: { opts: encoded(opts), rooms } });
      Adapter.prototype.delSockets.call(instance, opts, rooms);
    };
    instance.disconnectSockets = (opts, close) => {
      if (!opts.flags?.local) instance.publish({ type: MessageType.DISCONNECT_SOCKETS, data: { opts: encoded(opts), close } });
      Adapter.prototype.disconnectSockets.call(instance, opts, close);
    };
    return instance;
  }
  return { adapter, clients: [pub, sub] };
}
