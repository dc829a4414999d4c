import type { FeatureModule, ModuleHost } from '../module.ts';
import { homeRoutes } from './home.routes.ts';
import { NewsletterRepository } from './home-newsletter.repository.ts';
import { NewsletterService } from './home-newsletter.service.ts';

/** The public home page's calls (the newsletter). */
export function createHomeModule({ ctx }: ModuleHost): FeatureModule {
  const newsletter = new NewsletterService(new NewsletterRepository(ctx.db));
  return { name: 'home', routes: (api) => homeRoutes(api, { newsletter }), api: {} };
}
