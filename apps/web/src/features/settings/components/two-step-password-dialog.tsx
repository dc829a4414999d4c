import { useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import { TwoStepErrorCode } from '@tribeverse/shared';
import { Alert } from '../../../components/ui/alert';
import { FormActions } from '../../../components/ui/form-actions';
import { Field } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { ApiError } from '../../../lib/api-client';
import { useSetTwoStep } from '../api/two-step';

/** Asks for the current password before two-step verification is turned on or off. */
export function TwoStepPasswordDialog({
  enable,
  open,
  onOpenChange,
}: {
  enable: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const mutation = useSetTwoStep();

  const close = (next: boolean) => {
    if (!next) {
      setPassword('');
      setFieldError(undefined);
      setError(null);
    }
    onOpenChange(next);
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!password) return setFieldError('Password is required');
    try {
      await mutation.mutateAsync({ enabled: enable, password });
      toast.success(enable ? 'Two-step verification is on.' : 'Two-step verification is off.');
      close(false);
    } catch (err) {
      const message =
        err instanceof ApiError && !err.isNetworkError && err.status < 500 ? err.message : 'Something went wrong. Please try again.';
      if (err instanceof ApiError && err.code === TwoStepErrorCode.WRONG_PASSWORD) setFieldError(message);
      else setError(message);
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title={enable ? 'Turn on two-step verification' : 'Turn off two-step verification'}
      className="w-[min(92vw,26rem)]"
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <p className="text-sm text-slate-400">
          {enable
            ? 'Signing in with your password will also need a 6-digit code we mail to you. Enter your password to turn it on.'
            : 'Signing in will need your password only. Enter your password to turn it off.'}
        </p>
        <Field
          label="Current password"
          revealable
          autoComplete="current-password"
          autoFocus
          value={password}
          error={fieldError}
          onChange={(e) => {
            setPassword(e.target.value);
            setFieldError(undefined);
          }}
        />
        {error && <Alert>{error}</Alert>}
        <FormActions
          onCancel={() => close(false)}
          submitLabel={enable ? 'Turn on' : 'Turn off'}
          busy={mutation.isPending}
          busyLabel="Saving…"
        />
      </form>
    </Modal>
  );
}
