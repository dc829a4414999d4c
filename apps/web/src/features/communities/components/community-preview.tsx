import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/format';
import { usePreview } from '../api/get-preview';
import type { Community } from '../api/types';

/**
 * What someone who has not joined a public community sees below its header (which holds the description, interests,
 * member count and the one Join button): its newest pictures, read from the preview endpoint. Nothing only members
 * may read is asked for, so nothing fails before joining.
 */
export function CommunityPreview({ community }: { community: Community }) {
  const preview = usePreview(community.id, true);
  const media = preview.data?.recent_media ?? [];
  return (
    <section aria-labelledby="preview-title" className="flex flex-col gap-3 rounded-2xl border border-slate-800 p-4">
      <h2 id="preview-title" className="text-lg font-semibold">
        Recent pictures
      </h2>
      {preview.isPending ? (
        <Spinner label="Loading recent pictures" />
      ) : preview.isError ? (
        <p className="text-sm text-slate-400">{errorMessage(preview.error, 'Could not load the recent pictures')}</p>
      ) : media.length ? (
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-6" aria-label={`Recent pictures from ${community.name}`}>
          {media.map((m, i) => (
            <li key={`${m.post_id}-${m.image}`}>
              <img
                src={m.image}
                alt={`Recent picture ${i + 1} from ${community.name}`}
                loading="lazy"
                className="aspect-square w-full rounded-lg object-cover"
              />
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-400">No pictures yet.</p>
      )}
      <p className="text-sm text-slate-300">
        {community.my_status === 'invited'
          ? 'Accept the invitation to read and write in its chat, discussions, media and events, and to see its members.'
          : 'Join to read and write in its chat, discussions, media and events, and to see its members.'}
      </p>
    </section>
  );
}
