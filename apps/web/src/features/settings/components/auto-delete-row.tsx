import { toast } from '../../../lib/toast';
import type { AutoDeletePeriod } from '@tribeverse/shared';
import { errorMessage } from '../../../lib/format';
import { useSettings, useUpdateSettings } from '../api/get-settings';
import { ChoiceSelect, type Choice } from '../../../components/ui/choice-select';
import { Row } from './settings-rows';

const OPTIONS: Array<Choice<AutoDeletePeriod>> = [
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
      <ChoiceSelect
        label="Auto delete message"
        choices={OPTIONS}
        value={value}
        disabled={!settings.data || update.isPending}
        onChange={(auto_delete) =>
          update.mutate({ auto_delete }, { onError: (error) => toast.error(errorMessage(error, 'Could not save the setting.')) })
        }
      />
    </Row>
  );
}
