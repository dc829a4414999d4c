import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/format';
import { useProfileCommunities } from '../api/get-profile-communities';

/** A profile tab: the communities the member created or follows, as the spec's cards, each opening the community. */
export function ProfileCommunities({ kind, empty }: { kind: 'created' | 'followed'; empty: string }) {
  const query = useProfileCommunities();
  if (query.isPending) return <Spinner label="Loading communities" />;
  if (query.isError) return <p className="text-center text-red-300">{errorMessage(query.error, 'Could not load communities')}</p>;
  const cards = query.data[kind];
  if (!cards.length) return <p className="text-center text-slate-400">{empty}</p>;
  return (
    <ul className="grid gap-3 sm:grid-cols-2" aria-label={kind === 'created' ? 'Created communities' : 'Followed communities'}>
      {cards.map((c) => (
        <li key={c.id}>
          <Link
            to={paths.communities.detail.getHref(c.id)}
            className="flex gap-3 rounded-2xl border border-slate-800 bg-slate-900 p-3 hover:bg-slate-800"
          >
            <Avatar src={c.image} name={c.heading} size={56} />
            <span className="min-w-0">
              <span className="block truncate font-semibold">{c.heading}</span>
              <span className="block truncate text-sm text-slate-300">{c.title}</span>
              <span className="line-clamp-2 text-xs text-slate-400">{c.desc}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
