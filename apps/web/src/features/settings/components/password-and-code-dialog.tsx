import { useState, type FormEvent } from 'react';
import { TwoStepErrorCode } from '@tribeverse/shared';
import { Alert } from '../../../components/ui/alert';
import { FormActions } from '../../../components/ui/form-actions';
import { Field } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/format';
import { CurrentPasswordField } from './current-password-field';

/** Asks for the password and an authenticator (or backup) code before a change to the authenticator app. */
export function PasswordAndCodeDialog({
  open,
  onOpenChange,
  title,
  intro,
  submitLabel,
  onSubmit,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  intro: string;
  submitLabel: string;
  /** Resolves when done; a rejection is shown in the dialog. */
  onSubmit: (body: { password: string; code: string }) => Promise<void>;
  /** Replaces the form once done (e.g. new backup codes). */
  children?: React.ReactNode;
}) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ password?: string; code?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);

  const close = (next: boolean) => {
    if (!next) {
      setPassword('');
      setCode('');
      setErrors({});
    }
    onOpenChange(next);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const missing = { password: password ? undefined : 'Password is required', code: code.trim() ? undefined : 'Enter a code' };
    if (missing.password || missing.code) return setErrors(missing);
    setBusy(true);
    try {
      await onSubmit({ password, code: code.trim() });
    } catch (err) {
      const msg = errorMessage(err, 'Something went wrong. Please try again.');
      if (err instanceof ApiError && err.code === TwoStepErrorCode.WRONG_PASSWORD) setErrors({ password: msg });
      else if (err instanceof ApiError && (err.field === 'code' || err.code === 'VALIDATION_FAILED')) setErrors({ code: msg });
      else setErrors({ form: msg });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open={open} onOpenChange={close} title={title} className="w-[min(92vw,26rem)]">
      {children ?? (
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <p className="text-sm text-slate-400">{intro}</p>
          <CurrentPasswordField value={password} error={errors.password} onChange={(v) => (setPassword(v), setErrors({}))} />
          <Field
            label="Code from the app, or a backup code"
            autoComplete="one-time-code"
            value={code}
            error={errors.code}
            onChange={(e) => {
              setCode(e.target.value);
              setErrors({});
            }}
          />
          {errors.form && <Alert>{errors.form}</Alert>}
          <FormActions onCancel={() => close(false)} submitLabel={submitLabel} busy={busy} busyLabel="Checking…" danger />
        </form>
      )}
    </Modal>
  );
}
