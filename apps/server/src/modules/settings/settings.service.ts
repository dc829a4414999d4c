import type { UpdateSettingsBody } from '@tribeverse/shared';
import type { SettingsRepository, SettingsRow } from './settings.repository.ts';

export type { SettingsRow };

type Listener = (userId: number, before: SettingsRow, after: SettingsRow) => void | Promise<void>;

export class SettingsService {
  private readonly listeners: Listener[] = [];
  constructor(private readonly repository: SettingsRepository) {}

  /** Chat listens so that hiding last seen takes effect for open conversations at once. */
  onChange(listener: Listener) {
    this.listeners.push(listener);
  }

  get(userId: number) {
    return this.repository.findForUser(userId);
  }

  /** Several members' settings at once (missing members get the defaults). */
  getForUsers(userIds: number[]) {
    return this.repository.findForUsers(userIds);
  }

  async update(userId: number, body: UpdateSettingsBody) {
    const before = await this.repository.findForUser(userId);
    const after = await this.repository.upsert(userId, {
      ...(body.read_receipts !== undefined && { readReceipts: body.read_receipts }),
      ...(body.last_seen_visibility !== undefined && { lastSeenVisibility: body.last_seen_visibility }),
      ...(body.auto_delete !== undefined && { autoDelete: body.auto_delete }),
      ...(body.phone_visibility !== undefined && { phoneVisibility: body.phone_visibility }),
      ...(body.dob_visibility !== undefined && { dobVisibility: body.dob_visibility }),
      ...(body.location_visibility !== undefined && { locationVisibility: body.location_visibility }),
      ...(body.profile_visibility !== undefined && { profileVisibility: body.profile_visibility }),
      ...(body.message_permission !== undefined && { messagePermission: body.message_permission }),
    });
    for (const listener of this.listeners) await listener(userId, before, after);
    return after;
  }
}
