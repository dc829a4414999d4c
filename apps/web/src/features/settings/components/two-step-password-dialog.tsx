import type { FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import { Alert } from '../../../components/ui/alert';
import { FormActions } from '../../../components/ui/form-actions';
import { Modal } from '../../../components/ui/modal';
import { ApiError } from '../../../lib/api-client';
import { useSetTwoStep } from '../api/two-step';
import { usePasswordPrompt } from '../hooks/use-password-prompt';
import { CurrentPasswordField } from './current-password-field';

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
  const { password, field, error, setFieldError, close, fail } = usePasswordPrompt(onOpenChange);
  const mutation = useSetTwoStep();

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!password) return setFieldError('Password is required');
    try {
      await mutation.mutateAsync({ enabled: enable, password });
      toast.success(enable ? 'Two-step verification is on.' : 'Two-step verification is off.');
      close(false);
    } catch (err) {
      fail(
        err,
        err instanceof ApiError && !err.isNetworkError && err.status < 500 ? err.message : 'Something went wrong. Please try again.',
      );
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
        <CurrentPasswordField {...field} />
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
