import { useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import { TwoStepErrorCode, type TotpSetup } from '@tribeverse/shared';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormActions } from '../../../components/ui/form-actions';
import { Field } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { errorMessage } from '../../../lib/format';
import { ApiError } from '../../../lib/api-client';
import { useEnableAuthenticator, useStartAuthenticatorSetup } from '../api/authenticator';
import { BackupCodesList } from './backup-codes';
import { CurrentPasswordField } from './current-password-field';

type Step = { kind: 'password' } | { kind: 'scan'; setup: TotpSetup } | { kind: 'codes'; codes: string[] };

/** Password, then the QR code (or key) and the app's first code, then the backup codes, shown once. */
export function AuthenticatorSetupDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<{ field: 'password' | 'code'; msg: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const start = useStartAuthenticatorSetup();
  const enable = useEnableAuthenticator();

  const close = (next: boolean) => {
    if (!next) {
      setStep({ kind: 'password' });
      setPassword('');
      setCode('');
      setFieldError(null);
      setError(null);
    }
    onOpenChange(next);
  };

  const fail = (err: unknown, field: 'password' | 'code') => {
    const msg = errorMessage(err, 'Something went wrong. Please try again.');
    const isFieldError =
      err instanceof ApiError && (err.code === TwoStepErrorCode.WRONG_PASSWORD || err.field === 'code' || err.code === 'VALIDATION_FAILED');
    if (isFieldError) setFieldError({ field: err.code === TwoStepErrorCode.WRONG_PASSWORD ? 'password' : field, msg });
    else setError(msg);
  };

  const onPassword = async (e: FormEvent) => {
    e.preventDefault();
    if (!password) return setFieldError({ field: 'password', msg: 'Password is required' });
    setError(null);
    try {
      setStep({ kind: 'scan', setup: await start.mutateAsync(password) });
    } catch (err) {
      fail(err, 'password');
    }
  };

  const onCode = async (e: FormEvent) => {
    e.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) return setFieldError({ field: 'code', msg: 'Enter the 6-digit code from your app' });
    setError(null);
    try {
      const { backup_codes } = await enable.mutateAsync({ password, code: code.trim() });
      setStep({ kind: 'codes', codes: backup_codes });
      toast.success('The authenticator app is on.');
    } catch (err) {
      fail(err, 'code');
    }
  };

  return (
    <Modal open={open} onOpenChange={close} title="Set up an authenticator app" className="w-[min(92vw,28rem)]">
      {step.kind === 'password' && (
        <form onSubmit={onPassword} noValidate className="flex flex-col gap-4">
          <p className="text-sm text-slate-400">
            An app such as Google Authenticator, Microsoft Authenticator or 1Password will give you a code to enter after your password.
            Enter your password to start.
          </p>
          <CurrentPasswordField
            value={password}
            error={fieldError?.field === 'password' ? fieldError.msg : undefined}
            onChange={(v) => (setPassword(v), setFieldError(null))}
          />
          {error && <Alert>{error}</Alert>}
          <FormActions onCancel={() => close(false)} submitLabel="Continue" busy={start.isPending} busyLabel="Checking…" />
        </form>
      )}
      {step.kind === 'scan' && (
        <form onSubmit={onCode} noValidate className="flex flex-col gap-4">
          <p className="text-sm text-slate-400">Scan this QR code with your authenticator app, then enter the 6-digit code it shows.</p>
          <img
            src={step.setup.qr_data_url}
            alt="QR code for your authenticator app"
            className="mx-auto size-48 rounded-lg bg-white p-1"
            width={192}
            height={192}
          />
          <div>
            <p className="text-xs text-slate-400">Can’t scan it? Enter this key in the app instead:</p>
            <p
              aria-label="Setup key"
              className="mt-1 rounded-lg bg-slate-950 px-3 py-2 text-center font-mono text-sm tracking-wider break-all select-all"
            >
              {step.setup.secret}
            </p>
          </div>
          <Field
            label="Code from the app"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            autoFocus
            value={code}
            error={fieldError?.field === 'code' ? fieldError.msg : undefined}
            onChange={(e) => {
              setCode(e.target.value.replace(/\D/g, ''));
              setFieldError(null);
            }}
          />
          {error && <Alert>{error}</Alert>}
          <FormActions onCancel={() => close(false)} submitLabel="Turn on" busy={enable.isPending} busyLabel="Checking…" />
        </form>
      )}
      {step.kind === 'codes' && (
        <div className="flex flex-col gap-4">
          <BackupCodesList codes={step.codes} />
          <Button className="min-h-11" onClick={() => close(false)}>
            I saved them
          </Button>
        </div>
      )}
    </Modal>
  );
}
