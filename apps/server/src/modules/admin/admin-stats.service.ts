import type { AdminStats } from '@tribeverse/shared';
import type { AdminStatsRepository, DailyCounts } from './admin-stats.repository.ts';

const DAY_MS = 86_400_000;

/** The dashboard: sign-ups, active members, messages, posts and open reports per day, for plots. */
export class AdminStatsService {
  constructor(private readonly repo: AdminStatsRepository) {}

  async daily(days: number): Promise<AdminStats> {
    const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
    const since = new Date(today - (days - 1) * DAY_MS);
    const [signups, active, messages, posts, open] = await Promise.all([
      this.repo.signups(since),
      this.repo.activeMembers(since),
      this.repo.messages(since),
      this.repo.posts(since),
      this.repo.openReports(since),
    ]);
    const of = (counts: DailyCounts, date: string) => counts.get(date) ?? 0;
    return {
      days: Array.from({ length: days }, (_, i) => {
        const date = new Date(since.getTime() + i * DAY_MS).toISOString().slice(0, 10);
        return {
          date,
          signups: of(signups, date),
          active_members: of(active, date),
          messages: of(messages, date),
          posts: of(posts, date),
          open_reports: of(open, date),
        };
      }),
    };
  }
}
