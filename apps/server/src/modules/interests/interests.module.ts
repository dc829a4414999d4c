import type { FeatureModule, ModuleHost } from '../module.ts';
import { InterestsRepository } from './interests.repository.ts';
import { interestsRoutes } from './interests.routes.ts';
import { InterestsService } from './interests.service.ts';

/** The interest catalogue and each member's selection. */
export function createInterestsModule({ ctx }: ModuleHost): FeatureModule<{ interests: InterestsService }> {
  const interests = new InterestsService(new InterestsRepository(ctx.db));
  return { name: 'interests', routes: (api) => interestsRoutes(api, { interests }), api: { interests } };
}
