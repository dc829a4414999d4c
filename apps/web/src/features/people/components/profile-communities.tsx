import type { ProfileCommunities } from '@tribeverse/shared';
import { Spinner } from '../../../components/ui/spinner';
import { useProfileCommunities } from '../api/get-profile-communities';

const EMPTY = { created: 'No created communities found', followed: 'No followed communities found' } as const;

/** A member's created or followed communities in the spec's shape (image, heading, title, desc), or its empty message. */
export function ProfileCommunityList({ userId, which }: { userId: number; which: keyof ProfileCommunities }) {
  const query = useProfileCommunities(userId);
  if (query.isPending) return <Spinner label="Loading communities" />;
  if (query.isError) return <p className="text-center text-red-400">Could not load communities</p>;
  const items = query.data[which];
  if (!items.length) return <p className="text-center text-slate-400">{EMPTY[which]}</p>;
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {items.map((c) => (
        <li key={c.id} className="flex gap-3 rounded-xl border border-slate-800 bg-slate-900 p-3">
          {c.image ? (
            <img src={c.image} alt="" className="size-14 rounded-lg object-cover" />
          ) : (
            <div className="size-14 rounded-lg bg-slate-800" />
          )}
          <div className="min-w-0">
            <p className="truncate font-semibold">{c.heading}</p>
            <p className="truncate text-sm text-slate-300">{c.title}</p>
            {c.desc && <p className="line-clamp-2 text-sm text-slate-400">{c.desc}</p>}
          </div>
        </li>
      ))}
    </ul>
  );
}
