import type { SocialExchangeResponse } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';

/**
 * The landing's one-time code for the session. The server also checks this browser's binding cookie (set when the
 * sign-in started here), so a code planted in a link signs nobody in.
 */
export const exchangeSocialCode = (code: string) =>
  api<SocialExchangeResponse>('/auth/social/exchange', { method: 'POST', body: { code }, token: null });
