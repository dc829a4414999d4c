import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { aDirectMessage } from '../../../lib/conversation/messages.test-support';
import type { AppSocket } from '../../../lib/socket';
import { sendMessage } from './send-message';

/** A connected socket whose emits are recorded and answered with `answer` (or rejected, as a timeout is). */
function connectedSocket(answer: () => Promise<unknown>) {
  const emits: [string, unknown][] = [];
  const socket = {
    connected: true,
    timeout: () => ({
      emitWithAck: (event: string, payload: unknown) => {
        emits.push([event, payload]);
        return answer();
      },
    }),
  } as unknown as AppSocket;
  return { socket, emits };
}

afterEach(() => vi.restoreAllMocks());

describe('sending a direct message', () => {
  it('goes over the connected socket, and the stored message is what the ack brings', async () => {
    const stored = aDirectMessage(40, { text: 'hi', client_id: 'c1' });
    const { socket, emits } = connectedSocket(async () => ({ ok: true, message: stored }));
    await expect(sendMessage({ client_id: 'c1', peer_id: 2, text: 'hi', reply_to: 7 }, socket)).resolves.toEqual(stored);
    expect(emits).toEqual([['message:send', { text: 'hi', client_id: 'c1', reply_to: 7, peer_id: 2 }]]);
  });

  it("keeps the server's reason for a refusal, and takes no answer for a lost connection", async () => {
    const refused = connectedSocket(async () => ({ ok: false, code: 'BLOCKED', msg: 'You cannot message this member' }));
    await expect(sendMessage({ client_id: 'c2', peer_id: 2, text: 'hi' }, refused.socket)).rejects.toMatchObject({
      status: 400,
      code: 'BLOCKED',
      message: 'You cannot message this member',
    });
    const silent = connectedSocket(() => Promise.reject(new Error('operation has timed out')));
    const lost = await sendMessage({ client_id: 'c3', peer_id: 2, text: 'hi' }, silent.socket).catch((e: unknown) => e);
    expect(lost).toBeInstanceOf(ApiError);
    expect((lost as ApiError).isNetworkError).toBe(true);
  });

  it('goes over HTTP without a socket, naming the peer', async () => {
    const stored = aDirectMessage(41, { text: 'hello', client_id: 'c4' });
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(Response.json({ message: stored }, { status: 201 }));
    await expect(sendMessage({ client_id: 'c4', peer_id: 2, text: 'hello' }, null)).resolves.toEqual(stored);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe('/api/chat/send');
    expect(JSON.parse(String(init?.body))).toEqual({ peer_id: 2, text: 'hello', client_id: 'c4' });
  });
});
