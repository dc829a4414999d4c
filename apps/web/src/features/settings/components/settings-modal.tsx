import { toast } from '../../../lib/toast';
import type { UpdateSettingsBody } from '@tribeverse/shared';
import { Alert } from '../../../components/ui/alert';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/format';
import { useSettings, useUpdateSettings } from '../api/get-settings';
import { AppearanceRow } from './appearance-row';
import { AutoDeleteRow } from './auto-delete-row';
import { NotificationsSection } from './notifications-section';
import { PasscodeRow } from './passcode-row';
import { PrivacySection } from './privacy-section';
import { TwoStepRow } from './two-step-row';
import { AccountSecurityRows, YourDataRows } from './security-section';

/** Appearance (this device), Privacy, Notifications and Security: every other row is saved on the server. */
export function SettingsModal({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const settings = useSettings();
  const update = useUpdateSettings();
  const save = (body: UpdateSettingsBody) =>
    update.mutate(body, { onError: (error) => toast.error(errorMessage(error, 'Could not save the setting.')) });
  const s = settings.data;

  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Settings">
      <AppearanceRow />
      {!s ? (
        settings.isError ? (
          <Alert>
            Could not load your settings.{' '}
            <button type="button" className="min-h-11 px-2 font-semibold underline" onClick={() => void settings.refetch()}>
              Retry
            </button>
          </Alert>
        ) : (
          <Spinner />
        )
      ) : (
        <div className="flex flex-col gap-4">
          <PrivacySection s={s} save={save} />
          <NotificationsSection />
          <section>
            <h3 className="mb-1 text-xs font-semibold tracking-wide text-slate-400 uppercase">Security</h3>
            <TwoStepRow />
            <AccountSecurityRows />
            <PasscodeRow />
            <AutoDeleteRow />
          </section>
          <section>
            <h3 className="mb-1 text-xs font-semibold tracking-wide text-slate-400 uppercase">Your data</h3>
            <YourDataRows />
          </section>
        </div>
      )}
    </Modal>
  );
}
