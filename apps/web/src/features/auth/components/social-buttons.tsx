import { useState } from 'react';
import type { OAuthProvider } from '@tribeverse/shared';
import { Alert } from '../../../components/ui/alert';
import { ApiError } from '../../../lib/api-client';
import { Button } from '../../../components/ui/button';
import { socialSignInUrl, useProviders } from '../api/social';

const providerName: Record<OAuthProvider, string> = { google: 'Google', apple: 'Apple' };

export const notConfiguredMessage = (provider: OAuthProvider) => `${providerName[provider]} sign-in is not set up on this server.`;

/** What the server's redirect to /auth/login?social_error=…&provider=… means, in words. */
export function socialErrorMessage(error: string | null, provider: string | null): string | null {
  if (!error) return null;
  const name = provider === 'google' || provider === 'apple' ? providerName[provider] : 'Social';
  if (error === 'not_configured') return `${name} sign-in is not set up on this server.`;
  return `${name} sign-in failed. Please try again.`;
}

/** Google and Apple sign-in: a browser navigation to the server, or a clear note when the server has no such provider. */
export function SocialButtons({ returnTo, initialError }: { returnTo: string; initialError?: string | null }) {
  const providers = useProviders();
  const [message, setMessage] = useState<string | null>(initialError ?? null);

  const start = (provider: OAuthProvider) => {
    if (!providers.data?.[provider]) {
      const offline = providers.error instanceof ApiError && providers.error.isNetworkError;
      setMessage(offline ? 'Could not reach the server. Check your internet connection.' : notConfiguredMessage(provider));
      return;
    }
    window.location.assign(socialSignInUrl(provider, returnTo));
  };

  return (
    <div className="flex flex-col gap-2">
      <div className="grid grid-cols-2 gap-2">
        <Button variant="secondary" onClick={() => start('google')} disabled={providers.isPending}>
          <span aria-hidden className="font-bold">
            G
          </span>{' '}
          Google
        </Button>
        <Button variant="secondary" onClick={() => start('apple')} disabled={providers.isPending}>
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
