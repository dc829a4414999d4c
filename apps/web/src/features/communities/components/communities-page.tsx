import { useDeferredValue, useState } from 'react';
import { Plus, Search } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/format';
import { useCommunities } from '../api/get-communities';
import { useInterestNames } from '../../../lib/api/interests';
import { useCommunityUnread } from '../api/get-unread';
import { CommunityCard } from './community-card';
import { CreateCommunityDialog } from './create-community-dialog';

/** /communities: search by name and interest, the member's own first (the server orders them), and Create. */
export function CommunitiesPage() {
  const [search, setSearch] = useState('');
  const [interest, setInterest] = useState('');
  const [creating, setCreating] = useState(false);
  const deferred = useDeferredValue(search);
  const list = useCommunities({ search: deferred, interest });
  const { names } = useInterestNames();
  const unread = useCommunityUnread().data?.communities ?? [];
  const communities = list.data?.pages.flatMap((p) => p.communities) ?? [];
  return (
    <section className="flex flex-col gap-4" aria-labelledby="communities-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="communities-title" className="text-2xl font-bold">
          Communities
        </h1>
        <Button onClick={() => setCreating(true)} className="min-h-11">
          <Plus className="size-4" aria-hidden /> Create community
        </Button>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row">
        <label className="relative flex-1">
          <span className="sr-only">Search communities</span>
          <Search className="pointer-events-none absolute top-3 left-3 size-5 text-slate-400" aria-hidden />
          <input
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder="Search communities..."
            className="min-h-11 w-full rounded-lg border border-slate-700 bg-slate-900 pr-3 pl-10 text-slate-100 placeholder:text-slate-400"
          />
        </label>
        <label className="sm:w-56">
          <span className="sr-only">Interest</span>
          <select
            value={interest}
            onChange={(e) => setInterest(e.target.value)}
            className="min-h-11 w-full rounded-lg border border-slate-700 bg-slate-900 px-3 text-slate-100"
          >
            <option value="">All interests</option>
            {names.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
      </div>
      {list.isPending ? (
        <div className="flex justify-center py-8">
          <Spinner label="Loading communities" />
        </div>
      ) : list.isError ? (
        <p className="text-red-300">{errorMessage(list.error, 'Could not load communities')}</p>
      ) : !communities.length ? (
        <p className="py-8 text-center text-slate-400">
          {search || interest ? 'No community matches.' : 'No communities yet. Create the first one!'}
        </p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Communities">
          {communities.map((c) => (
            <CommunityCard
              key={c.id}
              community={c}
              href={paths.communities.detail.getHref(c.id)}
              unread={unread.find((u) => u.community_id === c.id)?.unread ?? 0}
            />
          ))}
        </ul>
      )}
      {list.hasNextPage && (
        <Button
          variant="secondary"
          className="min-h-11 self-center"
          disabled={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          {list.isFetchingNextPage ? 'Loading…' : 'Load more'}
        </Button>
      )}
      <CreateCommunityDialog open={creating} onOpenChange={setCreating} />
    </section>
  );
}
