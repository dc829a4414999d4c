import type { FeatureModule, ModuleHost } from '../module.ts';
import { SearchMessagesRepository } from './search-messages.repository.ts';
import { SearchRepository } from './search.repository.ts';
import { searchRoutes } from './search.routes.ts';
import { SearchService, type PresentCommunities } from './search.service.ts';

/** GET /api/search: messages, posts, people and communities, each only as the caller may see them. */
export function createSearchModule({ ctx }: ModuleHost, deps: { presentCommunities: PresentCommunities }): FeatureModule {
  const service = new SearchService(new SearchMessagesRepository(ctx.db), new SearchRepository(ctx.db), deps.presentCommunities);
  return { name: 'search', routes: (api) => searchRoutes(api, { service }), api: {} };
}
