import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Settings, UpdateSettingsBody } from '@tribeverse/shared';
import { api } from '../../../lib/api-client';

export const settingsQuery = () => queryOptions({ queryKey: ['settings'], queryFn: () => api<Settings>('/settings') });
export const useSettings = () => useQuery(settingsQuery());

export const updateSettings = (body: UpdateSettingsBody) => api<Settings>('/settings', { method: 'PATCH', body });

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: (settings) => {
      queryClient.setQueryData(settingsQuery().queryKey, settings);
      // Read times shown in open chats depend on this setting.
      void queryClient.invalidateQueries({ queryKey: ['chat', 'messages'] });
    },
  });
}
