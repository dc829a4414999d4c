import type { Settings } from '@tribeverse/shared';
import type { SettingsRow } from './settings.repository.ts';

export const presentSettings = (row: SettingsRow): Settings => ({
  read_receipts: row.readReceipts,
  last_seen_visibility: row.lastSeenVisibility,
  auto_delete: row.autoDelete,
  phone_visibility: row.phoneVisibility,
  dob_visibility: row.dobVisibility,
  location_visibility: row.locationVisibility,
  profile_visibility: row.profileVisibility,
  message_permission: row.messagePermission,
});
