import * as Tabs from '@radix-ui/react-tabs';
import { Link, useNavigate, useParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Avatar } from '../../../components/ui/avatar';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { findCountry } from '../../../components/ui/countries';
import { ProfilePosts } from '../../feed/components/profile-posts';
import { ProfileStats } from '../../feed/components/profile-stats';
import { useMe } from '../api/me';

const tabs = [
  { value: 'created-community', label: 'Created communities', href: paths.profile.createdCommunities.getHref(), empty: 'No created communities found' },
  { value: 'followed-community', label: 'Followed communities', href: paths.profile.followedCommunities.getHref(), empty: 'No followed communities found' },
  { value: 'posts', label: 'Posts', href: paths.profile.posts.getHref(), empty: null },
] as const;

function Detail({ label, value }: { label: string; value: string | null | undefined }) {
  if (!value) return null;
  return (
    <div>
      <dt className="text-xs uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="text-sm break-words text-slate-200">{value}</dd>
    </div>
  );
}

export function ProfilePage() {
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
  if (me.isError) return <Alert>Could not load your profile. {me.error.message}</Alert>;

  const user = me.data;
  const tags = user.interests.flatMap((i) => i.sub_interests).slice(0, 5);
  const country = findCountry(user.country);
  return (
    <div className="flex flex-col gap-6">
      <section className="rounded-2xl border border-slate-800 bg-slate-900 p-6">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
          <Avatar src={user.profile_picture} name={user.full_name || user.username || user.email} size={96} />
          <div className="min-w-0 flex-1">
            <h1 className="truncate text-2xl font-bold">{user.full_name || user.username || user.email}</h1>
            {user.username && <p className="text-slate-400">@{user.username}</p>}
            {user.bio && <p className="mt-2 text-slate-300">{user.bio}</p>}
          </div>
          <Link to={paths.profile.edit.getHref()} className="self-start rounded-lg border border-slate-600 px-4 py-2 text-sm font-semibold hover:bg-slate-800">
            Edit
          </Link>
        </div>
        <ProfileStats />
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
          <Detail label="Country" value={country ? `${country.flag} ${country.name}` : user.country} />
          <Detail label="Email" value={user.email} />
          <Detail label="Phone" value={user.phone_number} />
          <Detail label="Address" value={user.address} />
          <Detail label="Portfolio" value={user.portfolio} />
        </dl>
      </section>

      <Tabs.Root value={current} onValueChange={(v) => navigate(tabs.find((t) => t.value === v)!.href)}>
        <Tabs.List className="flex gap-1 border-b border-slate-800" aria-label="Profile sections">
          {tabs.map((t) => (
            <Tabs.Trigger
              key={t.value}
              value={t.value}
              className="border-b-2 border-transparent px-4 py-2 text-sm text-slate-400 data-[state=active]:border-brand-500 data-[state=active]:text-white"
            >
              {t.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {tabs.map((t) => (
          <Tabs.Content key={t.value} value={t.value} className="py-6">
            {t.empty ? <p className="text-center text-slate-400">{t.empty}</p> : <ProfilePosts />}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </div>
  );
}
