import { Button } from './button';

/**
 * The two buttons at the foot of a form: the way back (Cancel by default), and the submit button, which says what is
 * happening while the request runs (and cannot be pressed twice). A dialog's pair fills the width in halves; a page's
 * form can keep it at the end of the line.
 */
export function FormActions({
  onCancel,
  submitLabel,
  busy,
  busyLabel,
  danger = false,
  cancelLabel = 'Cancel',
  disabled = false,
  align = 'fill',
}: {
  onCancel: () => void;
  submitLabel: string;
  busy: boolean;
  busyLabel: string;
  danger?: boolean;
  cancelLabel?: string;
  /** Keeps the submit button off while the form cannot be sent (besides while busy). */
  disabled?: boolean;
  align?: 'fill' | 'end';
}) {
  return (
    <div className={align === 'fill' ? 'grid grid-cols-2 gap-2' : 'flex justify-end gap-2'}>
      <Button variant="secondary" className="min-h-11" onClick={onCancel}>
        {cancelLabel}
      </Button>
      <Button type="submit" variant={danger ? 'danger' : 'primary'} className="min-h-11" disabled={busy || disabled}>
        {busy ? busyLabel : submitLabel}
      </Button>
    </div>
  );
}
