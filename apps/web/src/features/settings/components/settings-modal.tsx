import { toast } from 'react-toastify';
import type { UpdateSettingsBody } from '@tribeverse/shared';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/format';
import { useSettings, useUpdateSettings } from '../api/get-settings';
import { AutoDeleteRow } from './auto-delete-row';
import { PasscodeRow } from './passcode-row';
import { ComingSoon, Row, Toggle } from './settings-rows';
import { TwoStepRow } from './two-step-row';

/** Privacy and Security. Read receipts and last seen/online are real and saved; the rest says it is coming. */
export function SettingsModal({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const settings = useSettings();
  const update = useUpdateSettings();
  const save = (body: UpdateSettingsBody) =>
    update.mutate(body, { onError: (error) => toast.error(errorMessage(error, 'Could not save the setting.')) });
  const s = settings.data;

  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Settings">
      {!s ? (
        settings.isError ? <p className="text-sm text-red-400">Could not load your settings.</p> : <Spinner />
      ) : (
        <div className="flex flex-col gap-4">
          <section>
            <h3 className="mb-1 text-xs font-semibold tracking-wide text-slate-400 uppercase">Privacy</h3>
            <ComingSoon label="Phone number" />
            <ComingSoon label="Date of birth" />
            <Row label="Last seen/online" hint={s.last_seen_visibility === 'everyone' ? 'Everyone can see it' : 'Nobody can see it'}>
              <select
                aria-label="Who sees my last seen and online status"
                value={s.last_seen_visibility}
                onChange={(e) => save({ last_seen_visibility: e.target.value as 'everyone' | 'nobody' })}
                className="rounded-lg border border-slate-700 bg-slate-900 px-2 py-1 text-sm"
              >
                <option value="everyone">Everyone</option>
                <option value="nobody">Nobody</option>
              </select>
            </Row>
            <Row label="Read receipts" hint="Turned off, you neither send nor see read ticks">
              <Toggle label="Read receipts" checked={s.read_receipts} onChange={(v) => save({ read_receipts: v })} />
            </Row>
            <ComingSoon label="Location" />
          </section>
          <section>
            <h3 className="mb-1 text-xs font-semibold tracking-wide text-slate-400 uppercase">Security</h3>
            <TwoStepRow />
            <PasscodeRow />
            <AutoDeleteRow />
          </section>
        </div>
      )}
    </Modal>
  );
}
