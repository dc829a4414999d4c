import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Everything the member made, saved as a JSON file. */
export async function downloadMyData() {
  const data = await api<unknown>('/account/export');
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `tribeverse-data-${new Date().toISOString().slice(0, 10)}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn: the click has started the download by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
export const useDownloadMyData = () => useMutation({ mutationFn: downloadMyData });

/** Deletes the account: the password, or nothing right after a fresh Google/Apple sign-in. */
export const deleteAccount = (password?: string) => api<void>('/account', { method: 'DELETE', body: password ? { password } : {} });
export const useDeleteAccount = () => useMutation({ mutationFn: deleteAccount });
