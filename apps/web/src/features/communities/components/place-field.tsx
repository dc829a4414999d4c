import { useState } from 'react';
import { LocateFixed } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';

export interface PlaceValue {
  name: string;
  lat: number | null;
  lng: number | null;
}

/**
 * An optional public place at city level: the creator names the city and the browser gives a position once. The
 * server keeps only a coarse cell of it (never the point), so scan can find the community nearby.
 */
export function PlaceField({ value, onChange }: { value: PlaceValue; onChange: (next: PlaceValue) => void }) {
  const [status, setStatus] = useState<'idle' | 'locating' | 'denied'>('idle');
  const locate = () => {
    if (!('geolocation' in navigator)) return setStatus('denied');
    setStatus('locating');
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        setStatus('idle');
        // Rounded here already: a city needs no more than two decimals (about 1 km).
        onChange({ ...value, lat: Math.round(pos.coords.latitude * 100) / 100, lng: Math.round(pos.coords.longitude * 100) / 100 });
      },
      () => setStatus('denied'),
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 600_000 },
    );
  };
  const located = value.lat !== null && value.lng !== null;
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-slate-200">Place (optional)</legend>
      <Field
        label="City"
        value={value.name}
        maxLength={120}
        onChange={(e) => onChange({ ...value, name: e.target.value })}
        placeholder="e.g. Lagos"
      />
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="secondary" onClick={locate} disabled={status === 'locating'} className="min-h-11">
          <LocateFixed className="size-4" aria-hidden /> {located ? 'Position set: update' : 'Use my position'}
        </Button>
        {located && (
          <Button variant="ghost" className="min-h-11" onClick={() => onChange({ ...value, lat: null, lng: null })}>
            Remove position
          </Button>
        )}
      </div>
      <p className="text-xs text-slate-400" role={status === 'denied' ? 'alert' : undefined}>
        {status === 'denied'
          ? 'Your position is not available. Allow location for this site to place the community.'
          : 'Only the city name is shown; the position is kept as a rough area of several kilometres, for nearby scans.'}
      </p>
    </fieldset>
  );
}
