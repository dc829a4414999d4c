import { secretsKey } from '../../lib/secret-box.ts';
import { userRoom } from '../../realtime/rooms.ts';
import type { FeatureModule, ModuleHost } from '../module.ts';
import { UnsubscribeTokens } from './push-unsubscribe.ts';
import { mailUnsubscribeRoutes } from './push-unsubscribe.routes.ts';
import { MissedMailRepository } from './push-missed-mail.repository.ts';
import { MissedMailService } from './push-missed-mail.service.ts';
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
  const connectedHere = (userId: number) => Boolean(realtime.chat.adapter.rooms.get(userRoom(userId))?.size);
  const connected = async (userId: number) => {
    if (connectedHere(userId)) return true;
    if (!realtime.shared) return false;
    // A process that does not answer in time leaves the question open: a push too many beats a message missed.
    const sockets = await realtime.chat
      .in(userRoom(userId))
      .fetchSockets()
      .catch(() => []);
    return sockets.length > 0;
  };
  const service = new PushService(repository, sender, connected, connectedHere, {
    publicKey: keys.publicKey,
    allowPrivateEndpoints: config.push.allowPrivateEndpoints,
  });
  const triggers = new PushTriggers(service, repository, app.log);
  realtime.onBroadcast(PushTriggers.EVENTS, (event, payload, rooms) => triggers.heard(event, payload, rooms));
  const settled = async () => {
    await triggers.settled();
    await sender.idle();
  };
  app.decorate('push', { settled });
  app.addHook('preClose', async () => {
    await triggers.settled();
    sender.close();
  });
  const tokens = new UnsubscribeTokens(secretsKey({ key: config.secretsKey, dataDir: config.dataDir }));
  const missedMail = new MissedMailService(
    new MissedMailRepository(ctx.db),
    connected,
    (mail) => ctx.mailer.send(mail),
    tokens,
    { afterSeconds: config.push.missedMailAfterSeconds, publicUrl: config.publicUrl },
    app.log,
  );
  app.decorate('missedMail', missedMail);
  const sweeps = sweepEvery(Math.min(60, config.push.missedMailAfterSeconds), () => missedMail.sweep(), app.log);
  app.addHook('onReady', async () => sweeps.start());
  app.addHook('preClose', () => sweeps.stop());
  return {
    name: 'push',
    routes: async (api) => {
      await api.register(pushRoutes, { push: service });
      await api.register(mailUnsubscribeRoutes, { push: service, tokens });
    },
    api: {},
  };
}

/** Runs `sweep` every `seconds`, never two at once; stop() waits for the one under way. */
function sweepEvery(seconds: number, sweep: () => Promise<unknown>, log: { warn(details: object, message: string): void }) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = sweep()
      .catch((error: unknown) => log.warn({ err: error }, 'missed-message mail sweep failed'))
      .finally(() => (running = null));
  };
  return {
    start: () => void (timer = setInterval(tick, seconds * 1000).unref()),
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Web push; tests wait with `settled()` until every event heard so far was pushed (or found to need none). */
    push: { settled(): Promise<void> };
    /** The missed-message mail; tests run a sweep with `sweep(at)` instead of waiting for the timer. */
    missedMail: Pick<MissedMailService, 'sweep'>;
  }
}
