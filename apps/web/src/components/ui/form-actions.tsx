import { Button } from './button';

/**
 * The two buttons at the foot of a dialog's form: Cancel, and the submit button, which says what is happening while
 * the request runs (and cannot be pressed twice).
 */
export function FormActions({
  onCancel,
  submitLabel,
  busy,
  busyLabel,
  danger = false,
}: {
  onCancel: () => void;
  submitLabel: string;
  busy: boolean;
  busyLabel: string;
  danger?: boolean;
}) {
  return (
    <div className="grid grid-cols-2 gap-2">
      <Button variant="secondary" className="min-h-11" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" variant={danger ? 'danger' : 'primary'} className="min-h-11" disabled={busy}>
        {busy ? busyLabel : submitLabel}
      </Button>
    </div>
  );
}
