import { FormActions } from '../../../components/ui/form-actions';

/** The foot of both second steps: Back to the password step, and Verify (off once the code can no longer be used). */
export function TwoStepActions({ onBack, busy, dead }: { onBack: () => void; busy: boolean; dead: boolean }) {
  return <FormActions onCancel={onBack} cancelLabel="Back" submitLabel="Verify" busy={busy} busyLabel="Checking…" disabled={dead} />;
}
