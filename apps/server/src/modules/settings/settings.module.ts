import type { FeatureModule, ModuleHost } from '../module.ts';
import { SettingsRepository } from './settings.repository.ts';
import { settingsRoutes } from './settings.routes.ts';
import { SettingsService } from './settings.service.ts';

/** A member's settings (privacy, security); features read them and hear of changes through the service. */
export function createSettingsModule({ ctx }: ModuleHost): FeatureModule<{ settings: SettingsService }> {
  const settings = new SettingsService(new SettingsRepository(ctx.db));
  return { name: 'settings', routes: (api) => settingsRoutes(api, { settings }), api: { settings } };
}
