import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/format';
import { useRunScan } from '../api/run-scan';
import { useLastScan } from '../stores/last-scan';
import { CommunityResultCard, PersonResultCard } from './result-cards';
import { RADIUS_LABELS } from './scan-panels';

const linkButton =
  'inline-flex min-h-11 items-center justify-center rounded-lg border border-slate-600 px-4 text-sm font-semibold text-slate-100 hover:bg-slate-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-400';

/** /scan-chat/scan-results: what the last scan found, communities first, then people. */
export function ScanResultsPage() {
  const last = useLastScan();
  const again = useRunScan();

  if (!last) {
    return (
      <section className="mx-auto max-w-lg space-y-4 p-4 text-center">
        <h1 className="text-2xl font-semibold">Scan results</h1>
        <p className="text-slate-300">No scan yet. Choose a radius and interests, then scan.</p>
        <Link to={paths.scan.setup.getHref()} className={`${linkButton} bg-brand-600 text-white`}>
          Start a scan
        </Link>
      </section>
    );
  }
  const { body, result } = last;
  const interests = body.interests ?? [];
  const nothing = !result.communities.length && !result.people.length;

  return (
    <div className="mx-auto max-w-2xl space-y-6 p-3 sm:p-4">
      <header className="space-y-2">
        <h1 className="text-2xl font-semibold">Scan results</h1>
        <p className="text-sm text-slate-300">
          Within {RADIUS_LABELS[body.radius]}
          {interests.length ? `, sharing ${interests.join(', ')}` : ', any interests'}.
        </p>
        <div className="flex flex-wrap gap-2">
          <Link to={paths.scan.setup.getHref()} className={linkButton}>
            Change scan
          </Link>
          <Button variant="secondary" className="min-h-11" disabled={again.isPending} onClick={() => again.mutate(body)}>
            {again.isPending ? <Spinner label="Scanning" /> : null}
            {again.isPending ? 'Scanning chat...' : 'Scan again'}
          </Button>
        </div>
        {again.isError && <Alert>{errorMessage(again.error, 'The scan did not go through. Try again in a moment.')}</Alert>}
      </header>

      {nothing && (
        <Alert tone="info">
          Nothing found in range yet. Try a wider radius or fewer interests
          {result.people_need_location ? ', turn on your location to find people too,' : ''} or create a community for people near you.
        </Alert>
      )}

      <section aria-labelledby="scan-communities" className="space-y-3">
        <h2 id="scan-communities" className="text-lg font-semibold">
          Communities ({result.communities.length})
        </h2>
        {result.communities.length ? (
          <ul className="space-y-3">
            {result.communities.map((community) => (
              <CommunityResultCard key={community.id} community={community} />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-300">
            {interests.length ? 'No community in range shares the interests you picked.' : 'No community with a place in range.'}{' '}
            <Link to={paths.communities.getHref()} className="font-semibold text-brand-400 underline">
              Browse or create communities
            </Link>
          </p>
        )}
      </section>

      <section aria-labelledby="scan-people" className="space-y-3">
        <h2 id="scan-people" className="text-lg font-semibold">
          People ({result.people.length})
        </h2>
        {result.people_need_location ? (
          <Alert tone="info">
            Only members who are visible themselves can find people nearby.{' '}
            <Link to={paths.scan.setup.getHref()} className="font-semibold underline">
              Turn on your location
            </Link>{' '}
            to see who is near you.
          </Alert>
        ) : result.people.length ? (
          <ul className="space-y-3">
            {result.people.map((person) => (
              <PersonResultCard key={person.id} person={person} />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-300">Nobody visible in range right now. Try a wider radius, or scan again later.</p>
        )}
      </section>
    </div>
  );
}
