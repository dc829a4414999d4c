import * as Tabs from '@radix-ui/react-tabs';
import { Link } from 'react-router';
import { toast } from '../../../lib/toast';
import type { Person } from '@tribeverse/shared';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth';
import { errorMessage } from '../../../lib/format';
import { useFollowActions } from '../api/follow';
import { useFollowList } from '../api/get-follow-list';
import type { FollowSide } from '../api/keys';
import { FollowButton } from './follow-button';
import { TabStrip } from '../../../components/ui/tab-strip';

const linkButton =
  'inline-flex min-h-11 items-center justify-center rounded-lg border border-slate-600 px-3 text-sm font-semibold hover:bg-slate-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-400';

function Row({ person, side, ownList }: { person: Person; side: FollowSide; ownList: boolean }) {
  const meId = useAuth().user?.id;
  const { removeFollower } = useFollowActions();
  const name = person.name || person.username || 'Member';
  const isMe = person.id === meId;
  return (
    // Who it is comes first: the name keeps at least 10rem, and the actions wrap onto a line of their own below it
    // when the row is narrower than both (a phone, with Remove, Message and Follow back).
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 py-2">
      <Avatar src={person.avatar} name={name} size={40} />
      <div className="min-w-40 flex-1">
        {person.username ? (
          <Link to={paths.people.profile.getHref(person.username)} className="block truncate font-semibold hover:underline">
            {name}
          </Link>
        ) : (
          <span className="block truncate font-semibold">{name}</span>
        )}
        {person.username && <span className="block truncate text-xs text-slate-400">@{person.username}</span>}
      </div>
      {!isMe && (
        <div className="ml-auto flex flex-wrap justify-end gap-2">
          {ownList && side === 'followers' && (
            <Button
              variant="ghost"
              className="min-h-11"
              disabled={removeFollower.isPending}
              aria-label={`Remove ${name} from your followers`}
              onClick={() =>
                removeFollower.mutate(person.id, {
                  onError: (error) => toast.error(errorMessage(error, 'Could not remove this follower.')),
                })
              }
            >
              Remove
            </Button>
          )}
          {ownList && (
            <Link to={paths.chat.private.conversation.getHref(person.id)} className={linkButton} aria-label={`Message ${name}`}>
              Message
            </Link>
          )}
          {/* A follower I already follow back needs no button here: Unfollow lives in the Following tab. */}
          {!(ownList && side === 'followers' && person.is_following) && (
            <FollowButton
              className="min-h-11"
              userId={person.id}
              name={name}
              isFollowing={person.is_following}
              followsMe={person.follows_me}
            />
          )}
        </div>
      )}
    </li>
  );
}

function List({ userId, side, ownList, open }: { userId: number; side: FollowSide; ownList: boolean; open: boolean }) {
  const list = useFollowList(userId, side, open);
  if (list.isPending) return <Spinner label={`Loading ${side}`} />;
  if (list.isError) return <p className="py-4 text-sm text-red-400">{errorMessage(list.error, `Could not load ${side}.`)}</p>;
  const people = list.data.pages.flatMap((p) => p.users);
  if (!people.length)
    return (
      <p className="py-6 text-center text-sm text-slate-400">{side === 'followers' ? 'No followers yet.' : 'Not following anyone yet.'}</p>
    );
  return (
    <>
      <ul aria-label={side === 'followers' ? 'Followers' : 'Following'} className="divide-y divide-slate-800">
        {people.map((p) => (
          <Row key={p.id} person={p} side={side} ownList={ownList} />
        ))}
      </ul>
      {list.hasNextPage && (
        <Button variant="ghost" className="mt-2 w-full" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
          {list.isFetchingNextPage ? 'Loading…' : 'Load more'}
        </Button>
      )}
    </>
  );
}

/** The spec's followers / following modal: Remove, Message and Follow back for followers; Unfollow and Message for followed. */
export function FollowListModal({
  userId,
  side,
  onSideChange,
  open,
  onOpenChange,
  ownList,
  counts,
}: {
  userId: number;
  side: FollowSide;
  onSideChange: (side: FollowSide) => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  ownList: boolean;
  counts: { followers: number; following: number };
}) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={side === 'followers' ? 'Followers' : 'Following'}>
      <Tabs.Root value={side} onValueChange={(v) => onSideChange(v as FollowSide)}>
        <TabStrip
          label="Followers and following"
          className="mb-3"
          tabs={[
            { value: 'followers', label: `Followers (${counts.followers})` },
            { value: 'following', label: `Following (${counts.following})` },
          ]}
        />
        {(['followers', 'following'] as const).map((s) => (
          <Tabs.Content key={s} value={s}>
            <List userId={userId} side={s} ownList={ownList} open={open && side === s} />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </Modal>
  );
}
