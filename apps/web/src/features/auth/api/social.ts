import { queryOptions } from '@tanstack/react-query';
import type { OAuthProvider } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';

export type ProvidersStatus = Record<OAuthProvider, boolean>;

export const providersQuery = () =>
  queryOptions({
    queryKey: ['auth', 'providers'],
    queryFn: () => api<ProvidersStatus>('/auth/providers', { token: null }),
    staleTime: 5 * 60_000,
  });

/** Social sign-in is a browser navigation: the server redirects to the provider and back to /auth/social. */
export const socialSignInUrl = (provider: OAuthProvider, returnTo: string) =>
  `/api/auth/${provider}?return_to=${encodeURIComponent(returnTo)}`;
