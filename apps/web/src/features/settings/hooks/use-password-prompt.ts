import { useState } from 'react';
import { TwoStepErrorCode } from '@tribeverse/shared';
import { ApiError } from '../../../lib/api-client';

/**
 * The state of a dialog that asks for the current password before a security change: the password, its own error
 * (missing or wrong) and the form's error. Closing forgets all three, so the dialog opens empty next time.
 */
export function usePasswordPrompt(onOpenChange: (open: boolean) => void, onForget?: () => void) {
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);

  const close = (next: boolean) => {
    if (!next) {
      setPassword('');
      setFieldError(undefined);
      setError(null);
      onForget?.();
    }
    onOpenChange(next);
  };

  /** A wrong password is the field's error; anything else the form's. */
  const fail = (err: unknown, message: string) => {
    if (err instanceof ApiError && err.code === TwoStepErrorCode.WRONG_PASSWORD) setFieldError(message);
    else setError(message);
  };

  /** What the password field shows and how typing clears its error. */
  const field = {
    value: password,
    error: fieldError,
    onChange: (value: string) => {
      setPassword(value);
      setFieldError(undefined);
    },
  };

  return { password, field, error, setError, setFieldError, close, fail };
}
