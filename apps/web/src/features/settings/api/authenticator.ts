import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BackupCodes, TotpSetup, TotpStatus } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';

export const authenticatorQuery = () =>
  queryOptions({ queryKey: ['settings', 'authenticator'], queryFn: () => api<TotpStatus>('/auth/totp') });
export const useAuthenticator = () => useQuery(authenticatorQuery());

/** A new key for the app (QR code and text); nothing is on until the first code confirms it. */
export const startAuthenticatorSetup = (password: string) => api<TotpSetup>('/auth/totp/setup', { method: 'POST', body: { password } });
export const useStartAuthenticatorSetup = () => useMutation({ mutationFn: startAuthenticatorSetup });

const useInvalidateStatus = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: authenticatorQuery().queryKey });
};

/** The first code turns it on; the answer's backup codes are shown this once. */
export const enableAuthenticator = (body: { password: string; code: string }) =>
  api<BackupCodes>('/auth/totp/enable', { method: 'POST', body });
export function useEnableAuthenticator() {
  const invalidate = useInvalidateStatus();
  return useMutation({ mutationFn: enableAuthenticator, onSuccess: invalidate });
}

export const disableAuthenticator = (body: { password: string; code: string }) =>
  api<TotpStatus>('/auth/totp/disable', { method: 'POST', body });
export function useDisableAuthenticator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableAuthenticator,
    onSuccess: (status) => queryClient.setQueryData(authenticatorQuery().queryKey, status),
  });
}

export const regenerateBackupCodes = (body: { password: string; code: string }) =>
  api<BackupCodes>('/auth/totp/backup-codes', { method: 'POST', body });
export function useRegenerateBackupCodes() {
  const invalidate = useInvalidateStatus();
  return useMutation({ mutationFn: regenerateBackupCodes, onSuccess: invalidate });
}
