import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { formatWeekdayDateTime } from '../../../lib/datetime';
import { errorMessage } from '../../../lib/format';
import { useClearLocation } from '../api/clear-location';
import { useScanLocation } from '../api/get-location';
import { useSetLocation } from '../api/set-location';
import { useBrowserPosition } from '../hooks/use-browser-position';

/** 'Visible until Monday 1 December at 14:05' ('Monday, December 1 at 2:05 PM' in the US). */
export const visibleUntilText = (iso: string) => `Visible until ${formatWeekdayDateTime(iso)}`;

/**
 * The spec's location toggle, for real: on asks the browser's position once and sends it (the server keeps only a
 * coarse cell), off deletes it. Renewing sends the position again for another 7 days.
 */
export function LocationCard() {
  const location = useScanLocation();
  const setLocation = useSetLocation();
  const clearLocation = useClearLocation();
  const getPosition = useBrowserPosition();
  const [locating, setLocating] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const visible = location.data?.visible ?? false;
  const busy = locating || setLocation.isPending || clearLocation.isPending;

  const turnOn = async () => {
    setError(null);
    setLocating(true);
    try {
      const position = await getPosition();
      setLocating(false);
      await setLocation.mutateAsync(position);
    } catch (e) {
      setError(errorMessage(e, 'Your location could not be turned on. Try again.'));
    } finally {
      setLocating(false);
    }
  };
  const turnOff = async () => {
    setError(null);
    try {
      await clearLocation.mutateAsync();
    } catch (e) {
      setError(errorMessage(e, 'Your location could not be turned off. Try again.'));
    }
  };

  return (
    <section aria-labelledby="scan-location-title" className="rounded-2xl border border-slate-800 bg-slate-900 p-4">
      <div className="flex items-center justify-between gap-4">
        <div>
          <h2 id="scan-location-title" className="font-semibold">
            Location
          </h2>
          <p className="text-sm text-slate-300">
            {location.isPending
              ? 'Checking…'
              : visible && location.data?.visible_until
                ? visibleUntilText(location.data.visible_until)
                : 'Off. Turn it on to find people nearby and be found by them.'}
          </p>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={visible}
          aria-labelledby="scan-location-title"
          disabled={busy || location.isPending}
          onClick={() => void (visible ? turnOff() : turnOn())}
          className="relative inline-flex h-11 w-16 shrink-0 items-center justify-center rounded-full focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-400 disabled:cursor-wait"
        >
          <span aria-hidden className={`h-7 w-12 rounded-full transition ${visible ? 'bg-brand-600' : 'bg-slate-600'}`} />
          <span
            aria-hidden
            className={`absolute top-1/2 h-6 w-6 -translate-y-1/2 rounded-full bg-white transition-all ${visible ? 'left-8' : 'left-2.5'}`}
          />
        </button>
      </div>
      {busy && (
        <p className="mt-2 flex items-center gap-2 text-sm text-slate-300">
          <Spinner label={locating ? 'Finding your position' : 'Saving'} /> {locating ? 'Finding your position…' : 'Saving…'}
        </p>
      )}
      {visible && location.data?.visible_until && !busy && (
        <Button variant="secondary" className="mt-3 min-h-11" onClick={() => void turnOn()}>
          Keep me visible for 7 more days
        </Button>
      )}
      <p className="mt-3 text-xs text-slate-400">
        Only a rough area of about 15–20 km is kept, never your exact position. Others see a distance band such as “25–50 km”, never an
        exact distance. Visibility ends after 7 days unless you renew it, and turning it off deletes it at once.
      </p>
      {location.isError && <Alert className="mt-3">Your location setting could not be loaded. Reload the page to try again.</Alert>}
      {error && <Alert className="mt-3">{error}</Alert>}
    </section>
  );
}
