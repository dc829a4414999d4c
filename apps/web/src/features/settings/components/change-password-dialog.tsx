import { useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import { strongPasswordSchema, TwoStepErrorCode } from '@tribeverse/shared';
import { Alert } from '../../../components/ui/alert';
import { FormActions } from '../../../components/ui/form-actions';
import { Field } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/format';
import { useChangePassword } from '../api/change-password';
import { CurrentPasswordField } from './current-password-field';

type Errors = { current?: string; next?: string; confirm?: string; form?: string };

/** The current password, then the new one twice; other sessions are signed out. */
export function ChangePasswordDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const mutation = useChangePassword();

  const close = (value: boolean) => {
    if (!value) {
      setCurrent('');
      setNext('');
      setConfirm('');
      setErrors({});
    }
    onOpenChange(value);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found: Errors = {};
    if (!current) found.current = 'Password is required';
    const strong = strongPasswordSchema.safeParse(next);
    if (!strong.success) found.next = strong.error.issues[0]?.message;
    if (confirm !== next) found.confirm = 'The passwords do not match';
    if (Object.keys(found).length) return setErrors(found);
    try {
      const { message } = await mutation.mutateAsync({ current_password: current, new_password: next });
      toast.success(message);
      close(false);
    } catch (err) {
      const msg = errorMessage(err, 'Something went wrong. Please try again.');
      if (err instanceof ApiError && err.code === TwoStepErrorCode.WRONG_PASSWORD) setErrors({ current: msg });
      else if (err instanceof ApiError && err.field === 'new_password') setErrors({ next: msg });
      else setErrors({ form: msg });
    }
  };

  const clear = () => setErrors({});
  return (
    <Modal open={open} onOpenChange={close} title="Change password" className="w-[min(92vw,26rem)]">
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <p className="text-sm text-slate-400">Your other sessions will be signed out; this one stays.</p>
        <CurrentPasswordField value={current} error={errors.current} onChange={(v) => (setCurrent(v), clear())} />
        <Field
          label="New password"
          revealable
          autoComplete="new-password"
          value={next}
          error={errors.next}
          hint="At least 8 characters, with a number and a special character"
          onChange={(e) => (setNext(e.target.value), clear())}
        />
        <Field
          label="Confirm new password"
          revealable
          autoComplete="new-password"
          value={confirm}
          error={errors.confirm}
          onChange={(e) => (setConfirm(e.target.value), clear())}
        />
        {errors.form && <Alert>{errors.form}</Alert>}
        <FormActions onCancel={() => close(false)} submitLabel="Change password" busy={mutation.isPending} busyLabel="Saving…" />
      </form>
    </Modal>
  );
}
