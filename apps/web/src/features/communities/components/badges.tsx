import { Coins, Globe2, Lock, MapPin } from 'lucide-react';
import type { Community } from '../api/types';

const badge = 'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium';

/** Public/private, the paid-membership flag and the city, as small labelled chips. */
export function CommunityBadges({ community }: { community: Pick<Community, 'visibility' | 'paid' | 'place'> }) {
  return (
    <span className="flex flex-wrap gap-1.5">
      {community.visibility === 'private' ? (
        <span className={`${badge} bg-slate-800 text-slate-200`}>
          <Lock className="size-3" aria-hidden /> Private
        </span>
      ) : (
        <span className={`${badge} bg-slate-800 text-slate-200`}>
          <Globe2 className="size-3" aria-hidden /> Public
        </span>
      )}
      {community.paid && (
        <span className={`${badge} bg-amber-400/15 text-amber-200`}>
          <Coins className="size-3" aria-hidden /> Paid membership
        </span>
      )}
      {community.place && (
        <span className={`${badge} bg-slate-800 text-slate-200`}>
          <MapPin className="size-3" aria-hidden /> {community.place.name}
        </span>
      )}
    </span>
  );
}
