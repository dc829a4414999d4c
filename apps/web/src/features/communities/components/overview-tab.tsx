import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import type { Community } from '../api/types';
import { DiscussionTab } from './discussion-tab';
import { EventsTab } from './events-tab';
import { MediaTab } from './media-tab';

function Part({ title, tab, community, children }: { title: string; tab: string; community: Community; children: React.ReactNode }) {
  return (
    <section className="flex flex-col gap-2" aria-label={title}>
      <div className="flex items-center justify-between">
        <h2 className="text-lg font-semibold">{title}</h2>
        <Link
          to={paths.communities.detail.getHref(community.id, tab)}
          className="inline-flex min-h-11 items-center px-2 text-sm text-brand-400 hover:underline"
        >
          See all
        </Link>
      </div>
      {children}
    </section>
  );
}

/** The 'all' tab: the newest of each, with a way into the full tab. */
export function OverviewTab({ community }: { community: Community }) {
  return (
    <div className="flex flex-col gap-6">
      <Part title="Upcoming events" tab="events" community={community}>
        <EventsTab community={community} limit={2} />
      </Part>
      <Part title="Discussions" tab="discussion" community={community}>
        <DiscussionTab community={community} limit={3} />
      </Part>
      <Part title="Media" tab="media" community={community}>
        <MediaTab community={community} limit={4} />
      </Part>
    </div>
  );
}
