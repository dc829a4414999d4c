import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './support/harness.ts';

const t = useTestApp({}, { listen: true });
const base = () => `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;

/** A raw HTTP exchange: fetch refuses to send some of these requests at all. */
function raw(request: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const socket = net.connect((t.app.server.address() as AddressInfo).port, '127.0.0.1', () => socket.write(request));
    let data = '';
    socket.on('data', (d) => (data += d));
    socket.on('end', () => {
      const [head, ...body] = data.split('\r\n\r\n');
      resolve({ status: Number(head!.split(' ')[1]), body: body.join('\r\n\r\n') });
    });
    socket.on('error', reject);
  });
}

describe('every HTTP error is {code, msg}, even before a route is reached', () => {
  it('a path parameter past the router limit (414)', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/posts/${'1'.repeat(500)}/comments` });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ code: 'BAD_REQUEST', msg: 'The address is too long.' });
  });

  it('headers too large (431) and a request the parser cannot read (400)', async () => {
    const big = await raw(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(big.status).toBe(431);
    expect(JSON.parse(big.body)).toEqual({ code: 'BAD_REQUEST', msg: 'The request headers are too large.' });
    const garbage = await raw('NOT HTTP AT ALL\r\n\r\n');
    expect(garbage.status).toBe(400);
    expect(JSON.parse(garbage.body)).toMatchObject({ code: 'BAD_REQUEST', msg: expect.any(String) });
  });

  it("the socket endpoint's own refusals (400)", async () => {
    const res = await fetch(`${base()}/socket.io/?EIO=4&transport=polling`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: 'BAD_REQUEST', msg: 'Transport unknown' });
  });
});
