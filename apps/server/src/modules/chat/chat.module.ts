import { Presence } from '../../realtime/presence.ts';
import type { ConversationsService } from '../conversations/conversations.service.ts';
import type { AuthApi } from '../auth/auth.module.ts';
import type { FeatureModule, ModuleHost } from '../module.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { ChatEvents } from './chat.events.ts';
import { DirectMessageExpiry, MessageExpiry } from './chat-expiry.ts';
import { PresenceTracker } from './chat-presence.ts';
import { PresenceAudiencesRepository, PresenceProcessesRepository, PresenceVisibilityRepository } from './chat-presence.repository.ts';
import { PresenceVisibility } from './chat-presence.policy.ts';
import { ChatPeopleRepository } from './chat-people.repository.ts';
import { ChatRepository } from './chat.repository.ts';
import { chatRoutes } from './chat.routes.ts';
import { ChatBlocksService } from './chat-blocks.service.ts';
import { ChatService, directReader } from './chat.service.ts';
import { registerChatSocket } from './chat.socket.ts';
import { budgetStore, MemberBudget } from '../../lib/member-budget.ts';
import { CHAT_SENDS_PER_MINUTE } from './chat-socket-limits.ts';
import { GroupEvents } from './chat-groups.events.ts';
import { ChatGroupsRepository } from './chat-groups.repository.ts';
import { chatGroupsRoutes } from './chat-groups.routes.ts';
import { chatGroupMessagesRoutes } from './chat-groups-messages.routes.ts';
import { ChatGroupsService } from './chat-groups.service.ts';
import { ChatGroupMessagesService } from './chat-groups-messages.service.ts';
import { registerGroupsSocket } from './chat-groups.socket.ts';
import { ChatPinsService } from './chat-pins.service.ts';
import { assertMayInvite } from './chat-groups.policy.ts';
import { directForwarding, ForwardService, groupForwarding, type ForwardEndpoint } from './chat-forward.service.ts';
import { chatForwardRoutes } from './chat-forward.routes.ts';
import { registerVoicePlaysSocket } from '../conversations/conversations.module.ts';
import type { AccountDataPart } from '../account-data/account-data.service.ts';
import { ChatGroupsDataRepository } from './chat-groups-data.repository.ts';
import { ChatGroupsDataService } from './chat-groups-data.service.ts';

export type { ForwardCopy, ForwardEndpoint, ForwardSource } from './chat-forward.service.ts';
export { forwardSourceOf } from './chat-forward.types.ts';
/** The presence rule's answer for a set of members: other modules' tests build one where nobody is restricted. */
export { PresenceSight } from './chat-presence.policy.ts';

export interface ChatApi {
  /** People listens: a block ends the follows between the two. */
  onBlock(listener: (blocker: number, blocked: number) => Promise<void>): void;
  /** Who may see whose presence: the one rule communities apply to their members' lists, online views and counts too. */
  presence: PresenceVisibility;
  /** Tells everyone who may see it a member's presence again (a follow changed who may). */
  announcePresence(userId: number): Promise<void>;
  /** Messages' files: the one a member may fetch now, and all of them in id order. */
  files: Pick<ChatService, 'fileFor' | 'filesAfter'>;
  /** Group messages' files, the same way. */
  groupFiles: {
    fileFor(me: number, messageId: number): Promise<string | null>;
    filesAfter(afterId: number, limit: number): Promise<Array<{ id: number; mediaUrl: string }>>;
  };
  /**
   * Forwarding (POST /chat/forward) between every kind of conversation: direct and group chats are registered here;
   * another kind (a community's channel) registers where its copies come from and go to.
   */
  forwarding: { register(endpoint: ForwardEndpoint): void };
  /** Calls (modules/calls): direct chat's rule of who may message whom, and a call's line told to both people. */
  calls: { assertMayMessage(me: number, peerId: number): Promise<void>; announceLine(messageId: number): Promise<void> };
  /** Groups' part of 'Download my data' and of deleting an account. */
  groupsData: AccountDataPart;
}

/** Private and group chat: REST calls, the socket handlers on /ws/chat, presence and the auto-delete cleanup. */
export function createChatModule(
  { ctx, app }: ModuleHost,
  deps: { auth: AuthApi; settings: SettingsService; conversations: ConversationsService },
): FeatureModule<ChatApi> {
  const { settings } = deps;
  const repository = new ChatRepository(ctx.db);
  const people = new ChatPeopleRepository(ctx.db);
  const events = new ChatEvents(ctx.realtime.chat);
  const visibility = new PresenceVisibility(new PresenceVisibilityRepository(ctx.db));
  const presence = new PresenceTracker(
    new Presence(ctx.realtime.shared ? ctx.realtime.chat : undefined),
    new PresenceAudiencesRepository(ctx.db),
    people,
    visibility,
    events,
    new PresenceProcessesRepository(ctx.db),
  );
  // Group chats: the conversation core's groups, with chat's rule of who may message whom.
  const groupsRepository = new ChatGroupsRepository(ctx.db);
  const groupEvents = new GroupEvents(ctx.realtime.chat);
  const groups = new ChatGroupsService(groupsRepository, people, deps.conversations, groupEvents, ctx.media);
  // Direct chats: the conversation core's direct place, with private chat's rules and events.
  const service = new ChatService(repository, people, settings, deps.conversations, events, presence, (me) => groups.unreadTotal(me));
  const blocks = new ChatBlocksService(people, events);
  settings.onChange(async (userId, before, after) => {
    if (before.lastSeenVisibility !== after.lastSeenVisibility) {
      await presence.broadcast(userId);
      await visibility.audienceChanged(userId);
    }
    if (before.readReceipts !== after.readReceipts) await service.receiptsChanged(userId);
  });
  // One budget for sends over HTTP and the socket: per member, across sessions and processes.
  const budgets = budgetStore(ctx.config.redisUrl, ctx.limitsNamespace);
  const sendBudget = new MemberBudget('chat-send', Math.ceil(CHAT_SENDS_PER_MINUTE * ctx.config.rateLimitFactor), 60_000, budgets.store);
  app.addHook('onClose', async () => budgets.close());
  const groupMessages = new ChatGroupMessagesService(groupsRepository, deps.conversations, groupEvents, settings);
  const groupTyping = registerGroupsSocket(ctx.realtime.chat, {
    events: ctx.realtime.events,
    groups,
    messages: groupMessages,
    sendBudget,
    checkWriter: deps.auth.checkWriter,
    log: app.log,
    track: (work) => ctx.realtime.track(work),
    roomLeaves: () => ctx.realtime.roomLeaves(),
  });
  registerChatSocket(ctx.realtime.chat, {
    events: ctx.realtime.events,
    track: (work) => ctx.realtime.track(work),
    sendBudget,
    service,
    presence,
    log: app.log,
    checkWriter: deps.auth.checkWriter,
    groupTyping,
  });
  // Voice notes' "played": a direct message is the pair's, a group's its current members'; channels register theirs.
  const plays = deps.conversations.voicePlays;
  plays.register(async (me, row) => (row.receiverId === null ? null : { place: service.place(), reader: directReader(me) }));
  plays.register((me, row) => groupMessages.readerOfMessage(me, row.conversationId));
  registerVoicePlaysSocket(ctx.realtime.chat, { events: ctx.realtime.events, plays, log: app.log });
  const groupsData = new ChatGroupsDataService(new ChatGroupsDataRepository(ctx.db), groups);
  const pins = new ChatPinsService(repository, people, deps.conversations, service, events);
  const forwarding = new ForwardService(ctx.media);
  forwarding.register(directForwarding(repository, service));
  forwarding.register(groupForwarding(groupMessages));
  const directExpiry = new DirectMessageExpiry(repository, ctx.media, events, (rows) => service.present(rows));
  const expiry = new MessageExpiry([directExpiry, groupMessages], app.log);
  app.decorate('chatExpiry', expiry);
  app.addHook('onReady', async () => expiry.start());
  app.addHook('preClose', () => expiry.stop());
  // Every beat also looks for processes that stopped beating (three beats missed: killed or crashed), the first one
  // at start-up, which finds those of a crash before this start.
  const beatSeconds = ctx.config.presenceBeatSeconds;
  const beatAndLook = () =>
    presence
      .beat()
      .then(() => presence.takeOverSilent(3 * beatSeconds))
      .catch((error) => app.log.warn({ err: error }, 'presence beat failed'));
  let beats: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    ctx.realtime.track(beatAndLook());
    beats = setInterval(() => ctx.realtime.track(beatAndLook()), beatSeconds * 1000).unref();
  });
  // Runs before the sockets are closed (hooks run in the order they were added).
  app.addHook('preClose', () => {
    clearInterval(beats);
    return presence.shutdown().catch((error) => app.log.warn({ err: error }, 'could not record last seen on shutdown'));
  });
  return {
    name: 'chat',
    routes: async (api) => {
      await chatRoutes(api, { chat: service, pins, blocks, sendBudget });
      await chatGroupsRoutes(groups)(api, {});
      await chatGroupMessagesRoutes({ messages: groupMessages, sendBudget })(api, {});
      await chatForwardRoutes({ forwarding, sendBudget })(api, {});
    },
    api: {
      onBlock: (listener) => blocks.onBlock(listener),
      presence: visibility,
      announcePresence: (userId) => presence.broadcast(userId),
      files: { fileFor: (me, id) => service.fileFor(me, id), filesAfter: (after, limit) => service.filesAfter(after, limit) },
      // Group files were private from the start: nothing to move out of the public folder.
      groupFiles: { fileFor: (me, id) => groupMessages.fileFor(me, id), filesAfter: async () => [] },
      forwarding: { register: (endpoint) => forwarding.register(endpoint) },
      calls: {
        assertMayMessage: async (me, peerId) => assertMayInvite([peerId], await people.findMessageability(me, [peerId])),
        announceLine: async (messageId) => {
          const [row] = await repository.findByIds([messageId]);
          if (!row?.receiverId) return;
          const [message] = await service.present([row]);
          events.toPair(row.senderId, row.receiverId, 'message:new', message!);
        },
      },
      groupsData: { name: 'groups', exportFor: (id) => groupsData.exportFor(id), eraseFor: (id) => groupsData.eraseFor(id) },
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The auto-delete cleanup; tests run a pass with `runOnce()` instead of waiting for the timer. */
    chatExpiry: MessageExpiry;
  }
}
