import { toast } from '../../../lib/toast';
import type { AutoDeletePeriod } from '@tribeverse/shared';
import { errorMessage } from '../../../lib/format';
import { useSettings, useUpdateSettings } from '../api/get-settings';
import { Row } from './settings-rows';

const OPTIONS: Array<{ value: AutoDeletePeriod; label: string }> = [
  { value: 'off', label: 'Off' },
  { value: '1d', label: '1 day' },
  { value: '1w', label: '1 week' },
  { value: '1m', label: '1 month' },
];

/** The auto-delete timer: it applies to messages sent after it is chosen, never to those already sent. */
export function AutoDeleteRow() {
  const settings = useSettings();
  const update = useUpdateSettings();
  const value = settings.data?.auto_delete ?? 'off';
  return (
    <Row label="Auto delete message" hint="Messages you send from now on are deleted for both of you after this time">
      <select
        aria-label="Auto delete message"
        value={value}
        disabled={!settings.data || update.isPending}
        onChange={(e) =>
          update.mutate(
            { auto_delete: e.target.value as AutoDeletePeriod },
            { onError: (error) => toast.error(errorMessage(error, 'Could not save the setting.')) },
          )
        }
        className="rounded-lg border border-slate-700 bg-slate-900 px-2 py-1 text-sm"
      >
        {OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Row>
  );
}
