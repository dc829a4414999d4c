import { useState } from 'react';
import { LoadMore } from '../../../components/ui/load-more';
import { Select } from '../../../components/ui/select';
import { useAdminReports, type ReportStatus } from '../api/reports';
import { QueueList } from './admin-queue';
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
      <QueueList
        query={reports}
        items={list}
        what="reports"
        empty={status === 'open' ? 'No open reports. All clear.' : 'No resolved reports yet.'}
      >
        {(items) => items.map((r) => <ReportCard key={r.id} report={r} />)}
      </QueueList>
      <LoadMore query={reports} label="More reports" loadingLabel="Loading reports…" />
    </section>
  );
}
