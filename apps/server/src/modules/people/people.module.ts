import type { FastifyRequest } from 'fastify';
import { bearerToken } from '../../http/route-kit.ts';
import { countryOfAddress } from '../../lib/client-country.ts';
import { userRoom } from '../../realtime/rooms.ts';
import type { AccountDataPart } from '../account-data/account-data.service.ts';
import type { AuthApi } from '../auth/auth.module.ts';
import type { ChatApi } from '../chat/chat.module.ts';
import type { InterestsService } from '../interests/interests.service.ts';
import type { Notifier } from '../notifications/notifications.module.ts';
import type { FeatureModule, ModuleHost } from '../module.ts';
import { PeopleMutesRepository } from './people-mutes.repository.ts';
import { PeopleMutesService } from './people-mutes.service.ts';
import { PeopleRepository } from './people.repository.ts';
import { peopleRoutes } from './people.routes.ts';
import { PeopleService, type FollowNotifier, type PrivacyPort } from './people.service.ts';

export interface PeopleApi {
  /** Called by chat after a block: the follows between the two end. */
  blocked(a: number, b: number): Promise<void>;
  /** Whether the sender may write to the owner under the owner's 'who may message me'. */
  mayMessage(senderId: number, ownerId: number): Promise<boolean>;
  /** Which of the candidates follow the member (for 'followers'-only details such as last seen). */
  followersAmong(userId: number, candidateIds: number[]): Promise<Set<number>>;
  /** Of `ownerIds`, those the viewer follows. */
  followedBy(viewerId: number, ownerIds: number[]): Promise<Set<number>>;
  /** Follows in 'Download my data', and gone with the account. */
  accountData: AccountDataPart;
  /** Mutes in 'Download my data', and gone with the account. */
  mutesData: AccountDataPart;
}

/** Follows, mutes, public profiles and followers lists; privacy settings decide what each viewer gets. */
export function createPeopleModule(
  host: ModuleHost,
  deps: { auth: AuthApi; settings: PrivacyPort; notifier: Notifier; chat: ChatApi; interests: Pick<InterestsService, 'findUserSelection'> },
): FeatureModule<PeopleApi> {
  const { ctx, app } = host;
  const notifier: FollowNotifier = {
    notify: (userId, kind, payload, options) => deps.notifier.tell(userId, { kind, payload }, options),
  };
  const repository = new PeopleRepository(ctx.db);
  const mutes = new PeopleMutesService(repository, new PeopleMutesRepository(ctx.db), {
    muteUpdated: (muterId, event) => ctx.realtime.chat.to(userRoom(muterId)).emit('mute:updated', event),
  });
  const service = new PeopleService(
    repository,
    deps.settings,
    notifier,
    {
      followUpdated: (userIds, event) => ctx.realtime.chat.to(userIds.map(userRoom)).emit('follow:updated', event),
      // A member who shows last seen to followers only appears to (or vanishes for) a new (or former) follower at once.
      followChanged: (_follower, followee) =>
        deps.chat.announcePresence(followee).catch((error: unknown) => app.log.warn({ err: error }, 'could not re-announce presence')),
    },
    mutes,
    (userId) => deps.interests.findUserSelection(userId),
  );
  deps.chat.onBlock((blocker, blocked) => service.blocked(blocker, blocked));
  const viewerOf = async (request: FastifyRequest) => {
    const token = bearerToken(request);
    const identity = token ? await deps.auth.resumeSession(token, () => countryOfAddress(request.ip)) : null;
    return identity?.userId ?? null;
  };
  return {
    name: 'people',
    routes: (api) => peopleRoutes(api, { service, mutes, viewerOf }),
    api: {
      blocked: (a, b) => service.blocked(a, b),
      mayMessage: (senderId, ownerId) => service.mayMessage(senderId, ownerId),
      followersAmong: (userId, ids) => service.followersAmong(userId, ids),
      followedBy: (viewerId, ids) => service.followedBy(viewerId, ids),
      accountData: { name: 'follows', exportFor: (id) => service.exportFor(id), eraseFor: (id) => service.eraseFor(id) },
      mutesData: { name: 'mutes', exportFor: (id) => mutes.exportFor(id), eraseFor: (id) => mutes.eraseFor(id) },
    },
  };
}
