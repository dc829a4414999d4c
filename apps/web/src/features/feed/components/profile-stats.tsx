import { pluralWord } from '../../../lib/plural';
import { useMemberStats } from '../api/get-member-stats';

function Figure({ value, one, many, testId }: { value: number; one: string; many: string; testId: string }) {
  return (
    <li data-testid={testId}>
      <span className="font-semibold text-slate-100">{value.toLocaleString()}</span> {pluralWord(value, one, many)}
    </li>
  );
}

/** The profile card's figures. Nothing is shown until they are known, rather than a misleading 0. */
export function ProfileStats({ userId = 'me' }: { userId?: number | 'me' }) {
  const stats = useMemberStats(userId);
  if (!stats.data) return null;
  return (
    <ul className="mt-4 flex gap-6 text-sm text-slate-400" aria-label="Figures">
      <Figure value={stats.data.posts} one="post" many="posts" testId="stat-posts" />
      <Figure value={stats.data.likes} one="like" many="likes" testId="stat-likes" />
    </ul>
  );
}
