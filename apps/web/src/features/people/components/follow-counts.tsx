import { useState } from 'react';
import { pluralWord } from '../../../lib/plural';
import type { FollowSide } from '../api/keys';
import { FollowListModal } from './follow-list-modal';

/** 'N followers · N following · N likes': the first two open the followers / following modal. */
export function FollowCounts({
  userId,
  followers,
  following,
  likes,
  ownList,
}: {
  userId: number;
  followers: number;
  following: number;
  likes?: number;
  ownList: boolean;
}) {
  const [side, setSide] = useState<FollowSide | null>(null);
  // One span around number and word: in the flex row below, a bare ' likes' beside the number would be a flex item
  // of its own, its leading space dropped ('0likes').
  const figure = (value: number, one: string, many: string) => (
    <span>
      <span className="font-semibold text-slate-100">{value.toLocaleString()}</span> {pluralWord(value, one, many)}
    </span>
  );
  return (
    <>
      <ul className="mt-4 flex flex-wrap gap-x-2 gap-y-1 text-sm text-slate-400" aria-label="Followers and following">
        {(['followers', 'following'] as const).map((list) => (
          <li key={list}>
            <button
              type="button"
              data-testid={`${list}-count`}
              className="min-h-11 rounded px-2 hover:bg-slate-800"
              onClick={() => setSide(list)}
            >
              {list === 'followers' ? figure(followers, 'follower', 'followers') : figure(following, 'following', 'following')}
            </button>
          </li>
        ))}
        {likes !== undefined && (
          <li data-testid="likes-figure" className="flex min-h-11 items-center px-2">
            {figure(likes, 'like', 'likes')}
          </li>
        )}
      </ul>
      <FollowListModal
        userId={userId}
        side={side ?? 'followers'}
        onSideChange={setSide}
        open={side !== null}
        onOpenChange={(open) => !open && setSide(null)}
        ownList={ownList}
        counts={{ followers, following }}
      />
    </>
  );
}
