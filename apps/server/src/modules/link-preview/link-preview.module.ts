import type { FeatureModule, ModuleHost } from '../module.ts';
import { SafeFetcher } from './link-preview-fetch.ts';
import { LinkPreviewRepository } from './link-preview.repository.ts';
import { linkPreviewRoutes } from './link-preview.routes.ts';
import { LinkPreviewService } from './link-preview.service.ts';

/** Link previews: pages members link to, fetched safely by the server, their picture copied into our media. */
export function createLinkPreviewModule({ ctx }: ModuleHost): FeatureModule {
  const fetcher = new SafeFetcher({ allowPrivate: ctx.config.linkPreviewAllowPrivate });
  const service = new LinkPreviewService(new LinkPreviewRepository(ctx.db), fetcher, ctx.media);
  return { name: 'link-preview', routes: (api) => linkPreviewRoutes(api, { previews: service }), api: {} };
}
