import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userSettings } from '../../db/schema/index.ts';

export type SettingsRow = Omit<typeof userSettings.$inferSelect, 'userId' | 'updatedAt'>;
/** Phone number and date of birth start shared with followers only, the country with everyone (as the profile showed it). */
export const DEFAULT_SETTINGS: SettingsRow = {
  readReceipts: true,
  lastSeenVisibility: 'everyone',
  autoDelete: 'off',
  phoneVisibility: 'followers',
  dobVisibility: 'followers',
  locationVisibility: 'everyone',
  profileVisibility: 'everyone',
  messagePermission: 'everyone',
};
const columns = {
  readReceipts: userSettings.readReceipts,
  lastSeenVisibility: userSettings.lastSeenVisibility,
  autoDelete: userSettings.autoDelete,
  phoneVisibility: userSettings.phoneVisibility,
  dobVisibility: userSettings.dobVisibility,
  locationVisibility: userSettings.locationVisibility,
  profileVisibility: userSettings.profileVisibility,
  messagePermission: userSettings.messagePermission,
};

export class SettingsRepository {
  constructor(private readonly db: Db) {}

  async findForUser(userId: number): Promise<SettingsRow> {
    return (await this.findForUsers([userId])).get(userId)!;
  }

  /** Settings of several members at once; members who never changed anything get the defaults. */
  async findForUsers(userIds: number[]): Promise<Map<number, SettingsRow>> {
    const result = new Map<number, SettingsRow>(userIds.map((id) => [id, { ...DEFAULT_SETTINGS }]));
    if (!userIds.length) return result;
    const rows = await this.db
      .select({ userId: userSettings.userId, ...columns })
      .from(userSettings)
      .where(inArray(userSettings.userId, userIds));
    for (const { userId, ...row } of rows) result.set(userId, row);
    return result;
  }

  async upsert(userId: number, values: Partial<SettingsRow>): Promise<SettingsRow> {
    const [row] = await this.db
      .insert(userSettings)
      .values({ userId, ...DEFAULT_SETTINGS, ...values })
      .onConflictDoUpdate({ target: userSettings.userId, set: { ...values, updatedAt: new Date() } })
      .returning(columns);
    return row!;
  }
}
