import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureModule, ModuleHost } from '../module.ts';
import { perMemberLookup } from '../../lib/per-member-lookup.ts';
import { CommunitiesRepository } from './communities.repository.ts';
import { CommunityMembersRepository } from './communities-members.repository.ts';
import { CommunityChannelsRepository } from './communities-channels.repository.ts';
import { CommunityInvitesRepository } from './communities-invites.repository.ts';
import { CommunityModerationRepository } from './communities-moderation.repository.ts';
import { CommunityTabsRepository } from './communities-tabs.repository.ts';
import { CommunityAccountDataRepository } from './communities-account-data.repository.ts';
import { CommunityAccountDataService } from './communities-account-data.service.ts';
import { CommunityAccess } from './communities-access.ts';
import { CommunityRealtime } from './communities-realtime.ts';
import { CommunitiesService } from './communities.service.ts';
import { CommunityJoiningService } from './communities-joining.service.ts';
import { CommunityInvitesService } from './communities-invites.service.ts';
import { CommunityMembersService } from './communities-members.service.ts';
import { CommunityChatService } from './communities-chat.service.ts';
import { CommunityChannelsService } from './communities-channels.service.ts';
import { CommunityReadsService } from './communities-reads.service.ts';
import { CommunityModerationService } from './communities-moderation.service.ts';
import { CommunityTabsService } from './communities-tabs.service.ts';
import { communitiesRoutes } from './communities.routes.ts';
import { communityMembersRoutes } from './communities-members.routes.ts';
import { communityChatRoutes } from './communities-chat.routes.ts';
import { communityChannelsRoutes } from './communities-channels.routes.ts';
import { communityTabsRoutes } from './communities-tabs.routes.ts';
import { registerCommunitiesSocket } from './communities.socket.ts';
import { channelForwarding } from './communities-forward.ts';
import { prepareAttachment } from '../../lib/attachments.ts';
import type { AccountDataPart } from '../account-data/account-data.service.ts';
import type { ConversationsService } from '../conversations/conversations.service.ts';
import type { AuthApi } from '../auth/auth.module.ts';
import type { ChatApi } from '../chat/chat.module.ts';
import type { UsersApi } from '../users/users.module.ts';
import type { InterestsService } from '../interests/interests.service.ts';
import type { Notifier } from '../notifications/notifications.module.ts';

export interface CommunitiesModuleDeps {
  /** The conversation core, which stores and serves the channels' messages. */
  conversations: ConversationsService;
  auth: Pick<AuthApi, 'checkWriter' | 'passwords'>;
  users: UsersApi;
  /** Who may see whose presence (chat's rule), for the members' online flags, the online views and the counts. */
  presence: ChatApi['presence'];
  /** Forwarding between conversations: channels register as a source and a target. */
  forwarding: ChatApi['forwarding'];
  interests: Pick<InterestsService, 'listCatalogue'>;
  notifier: Notifier;
}

export interface CommunitiesApi {
  /** For Scan and profiles: community DTOs as this caller sees them. */
  communities: CommunitiesService;
  /** Memberships and what the member wrote in communities, in 'Download my data'; handed over or gone with the account. */
  accountData: AccountDataPart;
  /** Community messages' files: the one a member may fetch now, and all of them in id order. */
  files: Pick<CommunityChatService, 'fileFor' | 'filesAfter'>;
}

/** Communities: the community, membership, invites, community chat, its tabs and moderation. */
export function createCommunitiesModule(host: ModuleHost, deps: CommunitiesModuleDeps): FeatureModule<CommunitiesApi> {
  const { ctx, app } = host;
  const repo = new CommunitiesRepository(ctx.db);
  const membersRepo = new CommunityMembersRepository(ctx.db);
  const channelsRepo = new CommunityChannelsRepository(ctx.db);
  const moderationRepo = new CommunityModerationRepository(ctx.db);
  const access = new CommunityAccess(repo, membersRepo, moderationRepo);
  const tabsRepo = new CommunityTabsRepository(ctx.db);
  const realtime = new CommunityRealtime(
    ctx.realtime.chat,
    (ids) => membersRepo.findUsers(ids),
    deps.presence,
    (error) => app.log.warn({ err: error }, 'community online count failed'),
  );
  // A member's last seen setting changed: the rooms' views are told again to every member connected (the member's
  // own act, so its timing tells nothing of their presence), whether or not they are connected themselves.
  deps.presence.onAudienceChanged(async (userId) => realtime.refresh(await membersRepo.memberCommunityIds(userId)));
  // Deleting a community and handing it over are sensitive: they ask for the password, through the auth module's
  // one check (its wrong guesses count toward the sign-in lock).
  const checkPassword = async (userId: number, password: string) => {
    await deps.auth.passwords.check(userId, password);
  };
  const notify = (userId: number, content: Parameters<Notifier['tell']>[1]) => deps.notifier.tell(userId, content);
  const channels = new CommunityChannelsService(channelsRepo, deps.conversations, access, realtime, ctx.media);
  const reads = new CommunityReadsService(channelsRepo, channels, membersRepo, deps.conversations, access, realtime);
  const communities = new CommunitiesService(repo, membersRepo, reads, channels, access, realtime, ctx.media, {
    checkPassword,
    interestNames: async () =>
      new Set((await deps.interests.listCatalogue()).flatMap((r) => [r.category.toLowerCase(), r.tag.toLowerCase()])),
    publicUrl: ctx.config.publicUrl,
    tabMedia: (communityId) => tabsRepo.mediaOf(communityId),
  });
  const joining = new CommunityJoiningService(membersRepo, reads, access, realtime, notify);
  const invites = new CommunityInvitesService(
    membersRepo,
    new CommunityInvitesRepository(ctx.db),
    access,
    communities,
    joining,
    ctx.config.publicUrl,
    notify,
    realtime,
  );
  const members = new CommunityMembersService(membersRepo, access, realtime, checkPassword, notify);
  const chat = new CommunityChatService(deps.conversations, channels, membersRepo, access, realtime, notify, app.log);
  // Voice notes' "played" in channels: the community's members, from their Clear chat on.
  deps.conversations.voicePlays.register((me, row) => chat.readerOfMessage(me, row.conversationId));
  deps.conversations.onReleased((message) => 'channel_id' in message && chat.released(message));
  deps.forwarding.register(channelForwarding(chat));
  const moderation = new CommunityModerationService(membersRepo, chat, moderationRepo, access, notify);
  const tabs = new CommunityTabsService(tabsRepo, membersRepo, access, ctx.media, (event) =>
    realtime.toRoom(event.community_id, 'community:tab:changed', event),
  );
  registerCommunitiesSocket(ctx.realtime.chat, {
    events: ctx.realtime.events,
    chat,
    reads,
    realtime,
    // A crowd connecting at once (after a restart) shares one query.
    memberCommunityIds: perMemberLookup((userIds) => membersRepo.memberCommunityIdsOf(userIds)),
    assertMember: async (userId, communityId) => void (await access.member(userId, communityId)),
    checkWriter: (userId) => deps.auth.checkWriter(userId),
    log: app.log,
    roomLeaves: () => ctx.realtime.roomLeaves(),
  });
  app.addHook('preClose', async () => realtime.stop());
  const routes: FastifyPluginAsyncZod = async (api) => {
    await api.register(communitiesRoutes({ communities, joining, invites, members }));
    await api.register(communityMembersRoutes({ members, moderation }));
    const sending = { prepareAttachment, rateLimitFactor: ctx.config.rateLimitFactor };
    await api.register(communityChatRoutes({ chat, reads, ...sending }));
    await api.register(communityChannelsRoutes({ channels, chat, reads, ...sending }));
    await api.register(communityTabsRoutes({ tabs }));
  };
  const accountData = new CommunityAccountDataService(new CommunityAccountDataRepository(ctx.db), realtime, notify);
  return {
    name: 'communities',
    routes,
    api: {
      communities,
      accountData: { name: 'communities', exportFor: (id) => accountData.exportFor(id), eraseFor: (id) => accountData.eraseFor(id) },
      files: { fileFor: (me, id) => chat.fileFor(me, id), filesAfter: (after, limit) => chat.filesAfter(after, limit) },
    },
  };
}
