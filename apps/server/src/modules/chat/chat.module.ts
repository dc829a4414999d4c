import type { AppContext } from '../../context.ts';
import { Presence } from '../../realtime/presence.ts';
import { SettingsRepository } from '../settings/settings.repository.ts';
import { SettingsService } from '../settings/settings.service.ts';
import { ChatEvents } from './chat.events.ts';
import { MessageExpiry } from './chat.expiry.ts';
import { PresenceTracker } from './chat.presence.ts';
import { ChatPeopleRepository } from './chat.people.repository.ts';
import { ChatRepository } from './chat.repository.ts';
import { ChatService } from './chat.service.ts';
import { registerChatSocket } from './chat.socket.ts';
import { CHAT_SENDS_PER_MINUTE } from './chat.socket-limits.ts';
import type { FastifyInstance } from 'fastify';
import type { AccountModule } from '../auth/account.module.ts';

/** Wires chat and the settings it depends on, and attaches the socket handlers to /ws/chat. */
export function createChatModule(ctx: AppContext, app: FastifyInstance, profileGate: AccountModule['profileGate']) {
  const settingsRepository = new SettingsRepository(ctx.db);
  const settings = new SettingsService(settingsRepository);
  const repository = new ChatRepository(ctx.db);
  const people = new ChatPeopleRepository(ctx.db);
  const events = new ChatEvents(ctx.realtime.chat);
  const presence = new PresenceTracker(new Presence(ctx.realtime.shared ? ctx.realtime.chat : undefined), repository, people, settingsRepository, events);
  const service = new ChatService(repository, people, settingsRepository, ctx.media, events, presence);
  settings.onChange(async (userId, before, after) => {
    if (before.lastSeenVisibility !== after.lastSeenVisibility) await presence.broadcast(userId);
    if (before.readReceipts !== after.readReceipts) await service.receiptsChanged(userId);
  });
  registerChatSocket(ctx.realtime.chat, {
    service,
    presence,
    log: app.log,
    profileGate,
    sendsPerMinute: Math.ceil(CHAT_SENDS_PER_MINUTE * ctx.config.rateLimitFactor),
  });
  const expiry = new MessageExpiry(service, app.log);
  app.decorate('chatExpiry', expiry);
  app.addHook('onReady', async () => expiry.start());
  app.addHook('preClose', () => expiry.stop());
  // Runs before the sockets are closed (hooks run in the order they were added).
  app.addHook('preClose', () => presence.shutdown().catch((error) => app.log.warn({ err: error }, 'could not record last seen on shutdown')));
  return { service, settings, presence, repository, expiry };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The auto-delete cleanup; tests run a pass with `runOnce()` instead of waiting for the timer. */
    chatExpiry: MessageExpiry;
  }
}

export type ChatModule = ReturnType<typeof createChatModule>;
