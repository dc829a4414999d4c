import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { OAuthProvider } from '@tribeverse/shared';
import { Alert } from '../../../components/ui/alert';
import { ApiError } from '../../../lib/api-client';
import { Button } from '../../../components/ui/button';
import { providersQuery, socialSignInUrl } from '../api/social';

const providerName: Record<OAuthProvider, string> = { google: 'Google', apple: 'Apple' };

export const notConfiguredMessage = (provider: OAuthProvider) => `${providerName[provider]} sign-in is not set up on this server.`;

/** What the server's redirect to /auth/login?social_error=…&provider=… means, in words. */
export function socialErrorMessage(error: string | null, provider: string | null): string | null {
  if (!error) return null;
  const name = provider === 'google' || provider === 'apple' ? providerName[provider] : 'Social';
  if (error === 'not_configured') return `${name} sign-in is not set up on this server.`;
  if (error === 'signups_closed')
    return `${name} sign-in is for existing accounts here: new accounts are made with the sign-up form, as this instance asks.`;
  return `${name} sign-in failed. Please try again.`;
}

/** Google and Apple sign-in: a browser navigation to the server, or a clear note when the server has no such provider. */
export function SocialButtons({ returnTo, initialError }: { returnTo: string; initialError?: string | null }) {
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<string | null>(initialError ?? null);

  // Which providers the server has set up is asked when a button is pressed, not when the page is drawn: these
  // buttons sit on the first page of most visits, where the question's request and its query were work that
  // nothing on the screen waited for.
  const start = async (provider: OAuthProvider) => {
    try {
      const providers = await queryClient.fetchQuery(providersQuery());
      if (providers[provider]) return window.location.assign(socialSignInUrl(provider, returnTo));
      setMessage(notConfiguredMessage(provider));
    } catch (error) {
      const offline = error instanceof ApiError && error.isNetworkError;
      setMessage(offline ? 'Could not reach the server. Check your internet connection.' : notConfiguredMessage(provider));
    }
  };

  return (
    <div className="flex flex-col gap-2">
      <div className="grid grid-cols-2 gap-2">
        <Button variant="secondary" onClick={() => void start('google')}>
          <span aria-hidden className="font-bold">
            G
          </span>{' '}
          Google
        </Button>
        <Button variant="secondary" onClick={() => void start('apple')}>
          <span aria-hidden></span> Apple
        </Button>
      </div>
      {message && <Alert>{message}</Alert>}
    </div>
  );
}

export function OrDivider() {
  return (
    <div className="my-4 flex items-center gap-3 text-xs text-slate-400" aria-hidden>
      <span className="h-px flex-1 bg-slate-700" /> or <span className="h-px flex-1 bg-slate-700" />
    </div>
  );
}
