import { Flag } from 'lucide-react';
import { useState } from 'react';
import { MenuItem } from '../ui/menu';
import { MoreMenu } from '../ui/more-menu';
import { ReportDialog, type ReportSubject } from './report-dialog';

/** The menu item 'Report…' and the dialog it opens, for a '⋯' menu that offers more than reporting. */
export function useReportItem(subject: ReportSubject | undefined) {
  const [open, setOpen] = useState(false);
  const item = subject && (
    <MenuItem icon={<Flag className="size-4" aria-hidden />} onSelect={() => setOpen(true)}>
      Report…
    </MenuItem>
  );
  const dialog = subject && <ReportDialog subject={open ? subject : null} onClose={() => setOpen(false)} />;
  return { item, dialog };
}

/** A '⋯' menu whose one item is Report (a comment, a community). */
export function ReportMenu({ subject, label, className }: { subject: ReportSubject; label: string; className?: string }) {
  const { item, dialog } = useReportItem(subject);
  return (
    <>
      <MoreMenu label={label} className={className}>
        {item}
      </MoreMenu>
      {dialog}
    </>
  );
}
