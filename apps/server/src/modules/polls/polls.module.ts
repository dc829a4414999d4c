import type { ConversationsService } from '../conversations/conversations.service.ts';
import type { FeatureModule, ModuleHost } from '../module.ts';
import { PollEvents } from './polls.events.ts';
import { PollsRepository } from './polls.repository.ts';
import { pollsRoutes } from './polls.routes.ts';
import { PollsService } from './polls.service.ts';

/** Polls on group and channel messages and on posts; results live for everyone who may see them. */
export function createPollsModule({ ctx }: ModuleHost, deps: { conversations: ConversationsService }): FeatureModule {
  const polls = new PollsService(new PollsRepository(ctx.db), deps.conversations, new PollEvents(ctx.realtime.chat));
  return { name: 'polls', routes: (api) => pollsRoutes(api, { polls }), api: {} };
}
