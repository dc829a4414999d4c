import { useState } from 'react';
import { ListError } from '../../../components/ui/list-error';
import { LoadMore } from '../../../components/ui/load-more';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { useAdminReports, type ReportStatus } from '../api/reports';
import { ReportCard } from './report-card';

/** The instance's report queue: open reports to act on, or the resolved ones with what was done. */
export function ReportsTab() {
  const [status, setStatus] = useState<ReportStatus>('open');
  const reports = useAdminReports(status);
  const list = reports.data?.pages.flatMap((p) => p.reports) ?? [];
  return (
    <section aria-label="Reports" className="flex flex-col gap-3">
      <Select label="Show" value={status} onChange={(e) => setStatus(e.target.value as ReportStatus)} className="max-w-48">
        <option value="open">Open reports</option>
        <option value="resolved">Resolved reports</option>
      </Select>
      {reports.isPending ? (
        <Spinner label="Loading reports" />
      ) : reports.isError ? (
        <ListError onRetry={() => void reports.refetch()}>Could not load the reports.</ListError>
      ) : !list.length ? (
        <p className="text-slate-400">{status === 'open' ? 'No open reports. All clear.' : 'No resolved reports yet.'}</p>
      ) : (
        list.map((r) => <ReportCard key={r.id} report={r} />)
      )}
      <LoadMore query={reports} label="More reports" loadingLabel="Loading reports…" />
    </section>
  );
}
