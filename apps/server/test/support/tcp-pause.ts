import net from 'node:net';

/**
 * A TCP relay to `target` (a TCP address or a unix socket) that the test can pause: while paused it holds every byte both ways, as a database that
 * hangs would (connections stay open, nothing is answered). For checks that must give up in time instead of waiting.
 */
export async function pausableRelay(target: { host: string; port: number } | { path: string }) {
  let paused = false;
  const held = new Set<net.Socket>();
  const pairs = new Set<[net.Socket, net.Socket]>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target);
    const pair: [net.Socket, net.Socket] = [client, upstream];
    pairs.add(pair);
    for (const [from, to] of [pair, [upstream, client] as const]) {
      from.on('data', (chunk) => {
        if (!to.write(chunk)) from.pause();
      });
      to.on('drain', () => {
        if (!paused) from.resume();
      });
      from.on('error', () => to.destroy());
      from.on('close', () => {
        to.destroy();
        pairs.delete(pair);
      });
      if (paused) {
        from.pause();
        held.add(from);
      }
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    /** Stops passing bytes on every connection, open or new. */
    pause() {
      paused = true;
      for (const pair of pairs)
        for (const socket of pair) {
          socket.pause();
          held.add(socket);
        }
    },
    resume() {
      paused = false;
      for (const socket of held) socket.resume();
      held.clear();
    },
    async close() {
      for (const pair of pairs) for (const socket of pair) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
