import { useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { SecurityErrorCode } from '@tribeverse/shared';
import { Alert } from '../../../components/ui/alert';
import { FormActions } from '../../../components/ui/form-actions';
import { Modal } from '../../../components/ui/modal';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/format';
import { useDeleteAccount } from '../api/account-data';
import { usePasswordPrompt } from '../hooks/use-password-prompt';
import { CurrentPasswordField } from './current-password-field';

/**
 * Deleting the account, after the password; an account without one (Google/Apple) signs in with its provider
 * again first. `onDeleted` signs out locally and leaves.
 */
export function DeleteAccountDialog({
  open,
  onOpenChange,
  hasPassword,
  onDeleted,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  hasPassword: boolean;
  onDeleted: () => void;
}) {
  const [needsSignIn, setNeedsSignIn] = useState(false);
  const { password, field, error, setError, setFieldError, close, fail } = usePasswordPrompt(onOpenChange, () => setNeedsSignIn(false));
  const mutation = useDeleteAccount();
  const location = useLocation();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (hasPassword && !password) return setFieldError('Enter your password to delete your account.');
    setError(null);
    try {
      await mutation.mutateAsync(hasPassword ? password : undefined);
      onDeleted();
    } catch (err) {
      fail(err, errorMessage(err, 'Something went wrong. Please try again.'));
      if (err instanceof ApiError && err.code === SecurityErrorCode.REAUTH_REQUIRED) setNeedsSignIn(true);
    }
  };

  // Back to this page with Settings open, signed in afresh.
  const returnTo = encodeURIComponent(location.pathname);
  return (
    <Modal open={open} onOpenChange={close} title="Delete your account?" className="w-[min(92vw,26rem)]">
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <p className="text-sm text-slate-300">
          This cannot be undone. Your profile, posts, comments, likes and files are removed and you are signed out everywhere. Messages you
          sent stay with the people who received them, from “Deleted member”.
        </p>
        {hasPassword ? (
          <CurrentPasswordField label="Password" {...field} />
        ) : (
          <p className="text-sm text-slate-400">
            You sign in with Google or Apple: if you signed in more than 10 minutes ago, sign in again first.
          </p>
        )}
        {error && <Alert>{error}</Alert>}
        {needsSignIn && (
          <div className="grid grid-cols-2 gap-2">
            <a
              className="inline-flex min-h-11 items-center justify-center rounded-lg border border-slate-600 text-sm font-semibold hover:bg-slate-800"
              href={`/api/auth/google?return_to=${returnTo}`}
            >
              Sign in with Google
            </a>
            <a
              className="inline-flex min-h-11 items-center justify-center rounded-lg border border-slate-600 text-sm font-semibold hover:bg-slate-800"
              href={`/api/auth/apple?return_to=${returnTo}`}
            >
              Sign in with Apple
            </a>
          </div>
        )}
        <FormActions onCancel={() => close(false)} submitLabel="Delete my account" busy={mutation.isPending} busyLabel="Deleting…" danger />
      </form>
    </Modal>
  );
}
