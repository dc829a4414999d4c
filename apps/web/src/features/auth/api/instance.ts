import { useQuery } from '@tanstack/react-query';
import type { InstanceSettings, z, altchaChallengeSchema } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';

export type AltchaChallenge = z.infer<typeof altchaChallengeSchema>;

/** Who may sign up here, the rules to accept and whether a proof of work is asked (public: no account yet). */
export const useInstance = () =>
  useQuery({
    queryKey: ['instance'],
    queryFn: ({ signal }) => api<InstanceSettings>('/instance', { signal, token: null }),
  });

/** A fresh challenge for each attempt: the server takes a solved one only once. */
export const fetchChallenge = () => api<AltchaChallenge>('/instance/challenge', { token: null });
