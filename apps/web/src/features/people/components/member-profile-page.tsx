import * as Tabs from '@radix-ui/react-tabs';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type { PublicProfile } from '@tribeverse/shared';
import { MemberMenu } from '../../../components/member-menu';
import { Alert } from '../../../components/ui/alert';
import { Avatar } from '../../../components/ui/avatar';
import { countryDisplay } from '../../../components/ui/country-name';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useProfile } from '../api/get-profile';
import { FollowButton } from './follow-button';
import { FollowCounts } from './follow-counts';
import { ProfileCommunityList } from './profile-communities';
import { TabStrip } from '../../../components/ui/tab-strip';
import { InterestTagList, ProfileDetail } from '../../../components/profile-facts';

const action =
  'inline-flex min-h-11 items-center justify-center rounded-lg border border-slate-600 px-4 text-sm font-semibold hover:bg-slate-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-400';

/** What the page says of a member the viewer blocked, instead of their profile. */
function BlockedNotice({ name }: { name: string }) {
  return (
    <p className="mt-4 rounded-lg border border-slate-700 bg-slate-950 px-4 py-3 text-sm text-slate-300">
      You blocked {name}. Neither of you sees the other&apos;s posts or comments, and neither can message or follow the other. Unblock them
      from the ⋯ menu.
    </p>
  );
}

/** Figures, interests and the details the owner lets this viewer see. */
function ProfileDetails({ p }: { p: PublicProfile }) {
  const tags = p.interests.flatMap((i) => i.sub_interests);
  return (
    <>
      <FollowCounts userId={p.id} followers={p.followers_count} following={p.following_count} likes={p.likes_count} ownList={p.is_me} />
      <InterestTagList tags={tags} label="Interests" />
      <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
        <ProfileDetail label="Education" value={p.education} />
        <ProfileDetail label="Workspace" value={p.workspace} />
        <ProfileDetail label="Relationship" value={p.relationship} />
        <ProfileDetail label="Country" value={countryDisplay(p.country)} />
        <ProfileDetail label="Phone" value={p.phone_number} />
        <ProfileDetail label="Date of birth" value={p.dob} />
        <ProfileDetail label="Portfolio" value={p.portfolio} href={p.portfolio ?? undefined} />
      </dl>
    </>
  );
}

/**
 * /u/:username: another member's page as their privacy settings let this viewer see it. The posts tab comes from the
 * app. The '⋯' menu mutes or blocks them; a member the viewer blocked shows only who they are, and Unblock.
 */
export function MemberProfilePage({ renderPosts }: { renderPosts: (userId: number) => ReactNode }) {
  const { username } = useParams();
  const profile = useProfile(username);
  const [tab, setTab] = useState('posts');

  if (profile.isPending)
    return (
      <p className="flex items-center gap-2 text-slate-300">
        <Spinner /> Loading profile...
      </p>
    );
  if (profile.isError)
    return (
      <Alert>
        {profile.error instanceof ApiError && profile.error.status === 404
          ? 'This member does not exist, or their profile is not visible to you.'
          : `Could not load this profile. ${profile.error.message}`}
      </Alert>
    );

  const p = profile.data;
  const name = p.name || p.username;
  return (
    <div className="flex flex-col gap-6">
      <section className="rounded-2xl border border-slate-800 bg-slate-900 p-6" aria-label={`${name}'s profile`}>
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
          <Avatar src={p.avatar} name={name} size={96} />
          <div className="min-w-0 flex-1">
            <h1 className="truncate text-2xl font-bold">{name}</h1>
            <p className="text-slate-400">
              @{p.username}
              {p.follows_me && !p.is_me && (
                <span className="ml-2 rounded bg-slate-800 px-2 py-0.5 text-xs text-slate-300">Follows you</span>
              )}
              {p.is_muted && <span className="ml-2 rounded bg-slate-800 px-2 py-0.5 text-xs text-slate-300">Muted</span>}
            </p>
            {p.bio && <p className="mt-2 text-slate-300">{p.bio}</p>}
          </div>
          <div className="flex items-center gap-2 self-start">
            {p.is_me ? (
              <Link to={paths.profile.edit.getHref()} className={action}>
                Edit
              </Link>
            ) : (
              <>
                {!p.is_blocked && (
                  <FollowButton className="min-h-11" userId={p.id} name={name} isFollowing={p.is_following} followsMe={p.follows_me} />
                )}
                {p.can_message && (
                  <Link to={paths.chat.private.conversation.getHref(p.id)} className={action}>
                    Message
                  </Link>
                )}
                <MemberMenu
                  member={{ id: p.id, name }}
                  muted={p.is_muted}
                  blocked={p.is_blocked}
                  report={{ kind: 'user', id: p.id, what: name }}
                />
              </>
            )}
          </div>
        </div>
        {p.is_blocked ? <BlockedNotice name={name} /> : <ProfileDetails p={p} />}
      </section>

      {!p.is_blocked && (
        <Tabs.Root value={tab} onValueChange={setTab}>
          <TabStrip
            label="Profile sections"
            tabs={[
              { value: 'posts', label: 'Posts' },
              { value: 'created', label: 'Created communities' },
              { value: 'followed', label: 'Followed communities' },
            ]}
          />
          <Tabs.Content value="posts" className="py-6">
            {renderPosts(p.id)}
          </Tabs.Content>
          <Tabs.Content value="created" className="py-6">
            <ProfileCommunityList userId={p.id} which="created" />
          </Tabs.Content>
          <Tabs.Content value="followed" className="py-6">
            <ProfileCommunityList userId={p.id} which="followed" />
          </Tabs.Content>
        </Tabs.Root>
      )}
    </div>
  );
}
