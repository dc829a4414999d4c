import Bowser from 'bowser';
import type { SessionDto } from '@tribeverse/shared';
import { countryName } from '../../lib/client-country.ts';
import { notFound } from '../../lib/errors.ts';
import type { AuthService } from './auth.service.ts';
import type { SessionsRepository } from './auth-sessions.repository.ts';

/** 'Chrome on Windows', 'Safari on iPhone'; what a member recognises, not the raw User-Agent. */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name;
  const os = parsed.platform.model && parsed.platform.type !== 'desktop' ? parsed.platform.model : parsed.os.name;
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? os ?? 'Unknown device';
}

/**
 * Settings → Security → Active sessions. The place is the country the session was last used from over HTTP (at its
 * sign-in, then with each recorded use: see resumeSession), by the address the server trusts (a forged
 * X-Forwarded-For names no country unless TRUST_PROXY says its sender may).
 */
export class SessionsService {
  constructor(
    private readonly sessions: SessionsRepository,
    private readonly auth: AuthService,
  ) {}

  async list(userId: number, currentSessionId: number): Promise<SessionDto[]> {
    const rows = await this.sessions.listLiveForUser(userId);
    return rows.map((row) => ({
      id: row.id,
      current: row.id === currentSessionId,
      device: describeDevice(row.userAgent),
      place: countryName(row.country),
      last_used_at: row.lastUsedAt.toISOString(),
      created_at: row.createdAt.toISOString(),
    }));
  }

  /** Signs out one session (this one too, like logout); another member's session id is answered as unknown. */
  async revoke(userId: number, sessionId: number) {
    if (!(await this.sessions.revokeOwn(userId, sessionId))) throw notFound('This session has already ended.');
    this.auth.notifyRevoked([sessionId]);
  }

  /** 'Sign out all other sessions': every session but the one asking. */
  async revokeOthers(userId: number, currentSessionId: number) {
    const ids = await this.sessions.revokeAllForUser(userId, currentSessionId);
    this.auth.notifyRevoked(ids);
    return ids.length;
  }
}
