import crypto from 'node:crypto';
import type { IceServers } from '@tribeverse/shared';
import type { CallsConfig } from '../../lib/env-calls.ts';

/**
 * coturn's REST scheme ("TURN REST API", `use-auth-secret`): the username is `<expiry unix time>:<userId>` and the
 * credential base64(HMAC-SHA1(secret, username)). coturn checks both with the same `static-auth-secret`, so no
 * account is stored anywhere and a credential stops working at its expiry.
 */
export function turnCredential(secret: string, userId: number, expiresAt: number) {
  const username = `${expiresAt}:${userId}`;
  const credential = crypto.createHmac('sha1', secret).update(username).digest('base64');
  return { username, credential };
}

/** What a member's browser gets to build its RTCPeerConnection with. */
export function iceServersFor(config: CallsConfig, userId: number, now = Date.now()): IceServers {
  const servers: IceServers['ice_servers'] = [];
  if (config.stunUrls.length) servers.push({ urls: config.stunUrls });
  const reconnect_seconds = config.reconnectSeconds;
  if (!config.turnUrls.length || !config.turnSecret) return { ice_servers: servers, expires_at: null, reconnect_seconds };
  const expiresAt = Math.floor(now / 1000) + config.turnTtlSeconds;
  servers.push({ urls: config.turnUrls, ...turnCredential(config.turnSecret, userId, expiresAt) });
  return { ice_servers: servers, expires_at: new Date(expiresAt * 1000).toISOString(), reconnect_seconds };
}
