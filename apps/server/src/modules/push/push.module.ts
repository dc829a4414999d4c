import { userRoom } from '../../realtime/rooms.ts';
import type { FeatureModule, ModuleHost } from '../module.ts';
import { vapidKeys } from './push-keys.ts';
import { PushSender } from './push-sender.ts';
import { PushTriggers } from './push-triggers.ts';
import { PushRepository } from './push.repository.ts';
import { pushRoutes } from './push.routes.ts';
import { PushService } from './push.service.ts';

/**
 * Web push: browsers subscribe (tied to their session), and what the app tells a member's sockets is pushed to their
 * devices while none of their sockets is connected. It listens to the realtime layer's broadcasts, so no feature
 * that tells members something has to call it.
 */
export function createPushModule({ ctx, app }: ModuleHost): FeatureModule {
  const { config, realtime } = ctx;
  const repository = new PushRepository(ctx.db);
  const keys = vapidKeys({ given: config.push.vapidKeys, dataDir: config.dataDir });
  const sender = new PushSender({
    vapid: keys,
    subject: config.push.subject,
    allowPrivateEndpoints: config.push.allowPrivateEndpoints,
    forget: (id) => repository.delete(id),
    log: app.log,
  });
  // Connected anywhere: this process's rooms answer at once; the others are asked only when this one holds nothing.
  const connected = async (userId: number) => {
    if (realtime.chat.adapter.rooms.get(userRoom(userId))?.size) return true;
    if (!realtime.shared) return false;
    // A process that does not answer in time leaves the question open: a push too many beats a message missed.
    const sockets = await realtime.chat
      .in(userRoom(userId))
      .fetchSockets()
      .catch(() => []);
    return sockets.length > 0;
  };
  const service = new PushService(repository, sender, connected, {
    publicKey: keys.publicKey,
    allowPrivateEndpoints: config.push.allowPrivateEndpoints,
  });
  const triggers = new PushTriggers(service, repository, app.log);
  realtime.onBroadcast((event, payload, rooms) => triggers.heard(event, payload, rooms));
  const settled = async () => {
    await triggers.settled();
    await sender.idle();
  };
  app.decorate('push', { settled });
  app.addHook('preClose', async () => {
    await triggers.settled();
    sender.close();
  });
  return { name: 'push', routes: (api) => pushRoutes(api, { push: service }), api: {} };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Web push; tests wait with `settled()` until every event heard so far was pushed (or found to need none). */
    push: { settled(): Promise<void> };
  }
}
