import { useState } from 'react';
import { toast } from '../../../lib/toast';
import type { User } from '@tribeverse/shared';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { emptyCode, OtpInput } from '../../../components/ui/otp-input';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { useEmailChange } from '../api/email-change';

/** Shown while a new address waits for its code: the current address stays the account's until then. */
export function EmailChangePanel({ user }: { user: User & { pending_email: string } }) {
  const { setUser } = useAuth();
  const { confirm, cancel } = useEmailChange();
  const [code, setCode] = useState(emptyCode());
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    setError(null);
    try {
      const saved = await confirm.mutateAsync(code.join(''));
      setUser(saved);
      toast.success(`Your email address is now ${saved.email}.`);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'Something went wrong. Please try again.');
      setCode(emptyCode());
    }
  };

  return (
    <section aria-labelledby="email-change-title" className="flex flex-col gap-3 rounded-xl border border-brand-700 bg-slate-950 p-4">
      <h2 id="email-change-title" className="font-semibold">
        Confirm your new email address
      </h2>
      <p className="text-sm text-slate-300">
        We sent a 6-digit code to <strong>{user.pending_email}</strong>. Until you enter it, your account keeps using{' '}
        <strong>{user.email}</strong>.
      </p>
      <OtpInput value={code} onChange={setCode} label="Email change code" />
      {error && <Alert>{error}</Alert>}
      <div className="flex flex-wrap justify-end gap-2">
        <Button
          variant="secondary"
          disabled={cancel.isPending}
          onClick={async () => {
            const saved = await cancel.mutateAsync().catch(() => null);
            if (saved) setUser(saved);
          }}
        >
          Keep {user.email}
        </Button>
        <Button disabled={confirm.isPending || code.some((d) => !d)} onClick={submit}>
          {confirm.isPending ? 'Confirming…' : 'Confirm new email'}
        </Button>
      </div>
    </section>
  );
}
