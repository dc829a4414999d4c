import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { ScanRadius } from '@tribeverse/shared';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/format';
import { useInterestCatalogue } from '../../../lib/api/interests';
import { useScanLocation } from '../api/get-location';
import { useRunScan } from '../api/run-scan';
import { useBrowserPosition } from '../hooks/use-browser-position';
import { useLastScan } from '../stores/last-scan';
import { LocationCard } from './location-card';
import { InterestChoice, Panel, RADIUS_LABELS, RadiusChoice } from './scan-panels';

type OpenPanel = 'radius' | 'interests' | null;

/** /scan-chat and /scan-chat/setup: location, radius and interests, then the scan itself. */
export function ScanSetupPage() {
  const navigate = useNavigate();
  const last = useLastScan();
  const [radius, setRadius] = useState<ScanRadius>(last?.body.radius ?? '50km');
  const [interests, setInterests] = useState<string[]>(last?.body.interests ?? []);
  const [open, setOpen] = useState<OpenPanel>(null);
  const [error, setError] = useState<string | null>(null);
  const [locating, setLocating] = useState(false);
  const catalogue = useInterestCatalogue();
  const location = useScanLocation();
  const runScan = useRunScan();
  const getPosition = useBrowserPosition();
  const scanning = locating || runScan.isPending;

  const toggle = (panel: Exclude<OpenPanel, null>) => setOpen((current) => (current === panel ? null : panel));
  const toggleInterest = (name: string) =>
    setInterests((current) => (current.includes(name) ? current.filter((n) => n !== name) : [...current, name]));

  const scan = async () => {
    setError(null);
    try {
      let near: { lat: number; lng: number } | undefined;
      // Not visible: communities can still be found around the position of this moment, which is not stored.
      if (!location.data?.visible) {
        setLocating(true);
        near = await getPosition().finally(() => setLocating(false));
      }
      await runScan.mutateAsync({ radius, interests, ...(near && { near }) });
      navigate(paths.scan.results.getHref());
    } catch (e) {
      setError(errorMessage(e, 'The scan did not go through. Check your connection and try again.'));
    }
  };

  const back = () => (window.history.length > 1 ? navigate(-1) : navigate(paths.landing.getHref()));

  return (
    <div className="mx-auto max-w-2xl space-y-4 p-3 sm:p-4">
      <header>
        <h1 className="text-2xl font-semibold">Scan for communities and friends near you</h1>
        <p className="text-sm text-slate-300">Find communities with a place in range, and members nearby who share your interests.</p>
      </header>
      <LocationCard />
      <Panel
        id="scan-radius"
        title="Search radius"
        summary={RADIUS_LABELS[radius]}
        open={open === 'radius'}
        onToggle={() => toggle('radius')}
      >
        <RadiusChoice value={radius} onChange={setRadius} />
      </Panel>
      <Panel
        id="scan-interests"
        title="Interests"
        summary={interests.length ? `${interests.length} selected` : 'Any (your own interests first)'}
        open={open === 'interests'}
        onToggle={() => toggle('interests')}
      >
        <InterestChoice catalogue={catalogue} selected={interests} onToggle={toggleInterest} />
      </Panel>
      {error && <Alert>{error}</Alert>}
      {scanning && (
        <p role="status" className="flex items-center justify-center gap-3 py-4 text-lg font-medium text-slate-100">
          <Spinner label="Scanning" /> Scanning chat...
        </p>
      )}
      <div className="flex gap-3">
        <Button variant="secondary" className="min-h-11 flex-1" onClick={back}>
          Back
        </Button>
        <Button className="min-h-11 flex-1" onClick={() => void scan()} disabled={scanning}>
          Scan
        </Button>
      </div>
    </div>
  );
}
