import * as Tabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';
import { ListError } from '../../../components/ui/list-error';
import { Link, useNavigate, useParams } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { countryDisplay } from '../../../components/ui/country-name';
import { useMe } from '../../../lib/me';
import { TabStrip } from '../../../components/ui/tab-strip';

const tabs = [
  {
    value: 'created-community',
    label: 'Created communities',
    href: paths.profile.createdCommunities.getHref(),
    empty: 'No created communities found',
  },
  {
    value: 'followed-community',
    label: 'Followed communities',
    href: paths.profile.followedCommunities.getHref(),
    empty: 'No followed communities found',
  },
  { value: 'posts', label: 'Posts', href: paths.profile.posts.getHref(), empty: null },
] as const;

function Detail({ label, value }: { label: string; value: string | null | undefined }) {
  if (!value) return null;
  return (
    <div>
      <dt className="text-xs uppercase tracking-wide text-slate-400">{label}</dt>
      <dd className="text-sm break-words text-slate-200">{value}</dd>
    </div>
  );
}

/** The community tabs' content comes from the communities feature, composed in app/routes (features stay apart). */
export type RenderCommunities = (kind: 'created' | 'followed', empty: string) => ReactNode;

/**
 * The member's own profile; the app fills in what other features show on it: their stats and posts, the followers /
 * following figures and modal (`follow`), the community tabs (`renderCommunities`).
 */
export function ProfilePage({
  stats,
  posts,
  follow,
  renderCommunities,
}: {
  stats: ReactNode;
  posts: ReactNode;
  follow?: ReactNode;
  renderCommunities?: RenderCommunities;
}) {
  const { tab } = useParams();
  const navigate = useNavigate();
  const me = useMe();
  const current = tabs.find((t) => t.value === tab)?.value ?? 'created-community';

  if (me.isPending) {
    return (
      <p className="flex items-center gap-2 text-slate-300">
        <Spinner /> Loading profile...
      </p>
    );
  }
  if (me.isError) return <ListError onRetry={() => void me.refetch()}>Could not load your profile. {me.error.message}</ListError>;

  const user = me.data;
  const tags = user.interests.flatMap((i) => i.sub_interests).slice(0, 5);
  return (
    <div className="flex flex-col gap-6">
      {user.username && (
        <p className="text-sm text-slate-400">
          Others see{' '}
          <Link to={paths.people.profile.getHref(user.username)} className="text-brand-400 underline underline-offset-2">
            your public profile
          </Link>{' '}
          as your privacy settings allow.
        </p>
      )}
      <section className="rounded-2xl border border-slate-800 bg-slate-900 p-6">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
          <Avatar src={user.profile_picture} name={user.full_name || user.username || user.email} size={96} />
          <div className="min-w-0 flex-1">
            <h1 className="truncate text-2xl font-bold">{user.full_name || user.username || user.email}</h1>
            {user.username && <p className="text-slate-400">@{user.username}</p>}
            {user.bio && <p className="mt-2 text-slate-300">{user.bio}</p>}
          </div>
          <div className="flex gap-2 self-start">
            <Link
              to={paths.profile.edit.getHref()}
              className="inline-flex min-h-11 items-center rounded-lg border border-slate-600 px-4 text-sm font-semibold hover:bg-slate-800"
            >
              Edit
            </Link>
            <Link
              to={paths.profile.interests.getHref()}
              className="inline-flex min-h-11 items-center rounded-lg border border-slate-600 px-4 text-sm font-semibold hover:bg-slate-800"
            >
              Edit interests
            </Link>
          </div>
        </div>
        {follow}
        {stats}
        {tags.length > 0 && (
          <ul className="mt-4 flex flex-wrap gap-2" aria-label="Interest tags">
            {tags.map((t) => (
              <li key={t} className="rounded-full bg-brand-600/20 px-3 py-1 text-xs text-brand-400">
                #{t}
              </li>
            ))}
          </ul>
        )}
        <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
          <Detail label="Education" value={user.education} />
          <Detail label="Workspace" value={user.workspace} />
          <Detail label="Country" value={countryDisplay(user.country)} />
          <Detail label="Email" value={user.email} />
          <Detail label="Phone" value={user.phone_number} />
          <Detail label="Address" value={user.address} />
          <Detail label="Portfolio" value={user.portfolio} />
        </dl>
      </section>

      <Tabs.Root value={current} onValueChange={(v) => navigate(tabs.find((t) => t.value === v)!.href)}>
        <TabStrip label="Profile sections" tabs={tabs} />
        {tabs.map((t) => (
          <Tabs.Content key={t.value} value={t.value} className="py-6">
            {!t.empty ? (
              posts
            ) : renderCommunities ? (
              renderCommunities(t.value === 'created-community' ? 'created' : 'followed', t.empty)
            ) : (
              <p className="text-center text-slate-400">{t.empty}</p>
            )}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </div>
  );
}
