import fs from 'node:fs/promises';
import path from 'node:path';
import { secretsKey } from '../../lib/secret-box.ts';
import type { PrivateMediaKind } from '../../lib/private-media.ts';
import type { AuthApi } from '../auth/auth.module.ts';
import type { FeatureModule, ModuleHost } from '../module.ts';
import { mediaRoutes } from './media.routes.ts';
import { MediaAccessService, type MessageFiles } from './media.service.ts';

export interface MediaApi {
  /** For the private media route (plugins/web-static.ts): the file to send for this request, or null for a 404. */
  open: MediaAccessService['open'];
}

/**
 * Private media: the cookie a member's browser fetches chat files with, the check of each fetch, and moving the
 * files of messages sent before private storage out of the public folder.
 */
export function createMediaModule(
  { ctx, app }: ModuleHost,
  deps: { auth: AuthApi; chat: MessageFiles; groups: MessageFiles; communities: MessageFiles },
): FeatureModule<MediaApi> {
  const service = new MediaAccessService(
    secretsKey({ key: ctx.config.secretsKey, dataDir: ctx.config.dataDir }),
    deps.auth.liveSessionIds,
    { chat: deps.chat, group: deps.groups, community: deps.communities },
    ctx.media,
  );

  // Chat files stored before this release sit in the public folder, reachable by anyone with the link: they are
  // moved out at start-up, in the background, from where the last start stopped (a note in the private folder), so
  // a file an older process wrote during a rolling restart is moved by the next start. A fetch of one not moved yet
  // moves it first (MediaStorage.privateName).
  const progressFile = path.join(ctx.media.privateRoot, '.moved-from-public.json');
  let closing = false;
  let moving: Promise<void> = Promise.resolve();
  app.addHook('onReady', async () => {
    moving = (async () => {
      const from = await readProgress(progressFile);
      const reached = await service.movePublicFiles(from, () => closing);
      await fs.mkdir(ctx.media.privateRoot, { recursive: true });
      await fs.writeFile(progressFile, JSON.stringify(reached));
    })().catch((error: unknown) => app.log.warn({ err: error }, 'could not move chat files out of the public folder'));
  });
  app.addHook('preClose', async () => {
    closing = true;
    await moving;
  });

  return { name: 'media', routes: mediaRoutes(service), api: { open: (...args) => service.open(...args) } };
}

async function readProgress(file: string): Promise<Record<PrivateMediaKind, number>> {
  try {
    const saved = JSON.parse(await fs.readFile(file, 'utf8')) as Partial<Record<PrivateMediaKind, unknown>>;
    const id = (v: unknown) => (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : 0);
    return { chat: id(saved.chat), group: id(saved.group), community: id(saved.community) };
  } catch {
    return { chat: 0, group: 0, community: 0 };
  }
}
