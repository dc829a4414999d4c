import type { AuthApi } from '../auth/auth.module.ts';
import type { ChatApi } from '../chat/chat.module.ts';
import type { FeatureModule, ModuleHost } from '../module.ts';
import { CallEvents } from './calls.events.ts';
import { CallsRepository } from './calls.repository.ts';
import { callsRoutes } from './calls.routes.ts';
import { CallsService } from './calls.service.ts';
import { registerCallsSocket } from './calls.socket.ts';

/**
 * One-to-one voice and video calls in direct chats: signalling over the chat socket (WebRTC media goes between the
 * browsers, or through TURN), between people who may message each other, and a line in their chat for each call.
 */
export function createCallsModule({ ctx, app }: ModuleHost, deps: { auth: AuthApi; chat: ChatApi }): FeatureModule {
  const { realtime, config } = ctx;
  // A socket id is a room of its own: this process knows its own sockets, the others are asked only with Redis.
  const isConnected = async (socketId: string) => {
    if (realtime.chat.sockets.has(socketId)) return true;
    if (!realtime.shared) return false;
    const found = await realtime.chat
      .in(socketId)
      .fetchSockets()
      .catch(() => [{}]);
    return found.length > 0;
  };
  const service = new CallsService(new CallsRepository(ctx.db), new CallEvents(realtime.chat), deps.chat.calls, {
    ringMs: config.calls.ringSeconds * 1000,
    reconnectMs: config.calls.reconnectSeconds * 1000,
    isConnected,
    log: app.log,
  });
  registerCallsSocket(realtime.chat, {
    events: realtime.events,
    calls: service,
    assertMayWrite: deps.auth.assertMayWrite,
    log: app.log,
    track: (work) => realtime.track(work),
  });
  app.addHook('preClose', () => service.close());
  return { name: 'calls', routes: callsRoutes(config.calls), api: {} };
}
