import * as Tabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';
import { ListError } from '../../../components/ui/list-error';
import { Link, useNavigate, useParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Avatar } from '../../../components/ui/avatar';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { countryDisplay } from '../../../components/ui/country-name';
import { useMe } from '../../../lib/me';
import { TabStrip } from '../../../components/ui/tab-strip';
import { InterestTagList, ProfileDetail } from '../../../components/profile-facts';

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

/** The owner's ways to change the page. */
const EDIT_LINKS = [
  { to: paths.profile.edit.getHref(), label: 'Edit' },
  { to: paths.profile.interests.getHref(), label: 'Edit interests' },
];

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
      {user.held_profile && (
        <Alert tone="info">
          Held for review: your new name and bio wait for a moderator; until then everyone sees the ones below.{' '}
          <Link to={paths.profile.edit.getHref()} className="text-brand-400 underline underline-offset-2">
            See them in Edit profile
          </Link>
        </Alert>
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
            {EDIT_LINKS.map(({ to, label }) => (
              <Link
                key={label}
                to={to}
                className="inline-flex min-h-11 items-center rounded-lg border border-slate-600 px-4 text-sm font-semibold hover:bg-slate-800"
              >
                {label}
              </Link>
            ))}
          </div>
        </div>
        {follow}
        {stats}
        <InterestTagList tags={tags} label="Interest tags" />
        <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
          <ProfileDetail label="Education" value={user.education} />
          <ProfileDetail label="Workspace" value={user.workspace} />
          <ProfileDetail label="Country" value={countryDisplay(user.country)} />
          <ProfileDetail label="Email" value={user.email} />
          <ProfileDetail label="Phone" value={user.phone_number} />
          <ProfileDetail label="Address" value={user.address} />
          <ProfileDetail label="Portfolio" value={user.portfolio} href={user.portfolio ?? undefined} />
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
