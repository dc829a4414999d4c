import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/ui/button';
import { useAuthenticator, useDisableAuthenticator, useRegenerateBackupCodes } from '../api/authenticator';
import { AuthenticatorSetupDialog } from './authenticator-setup-dialog';
import { BackupCodesList } from './backup-codes';
import { PasswordAndCodeDialog } from './password-and-code-dialog';
import { Row } from './settings-rows';

const LABEL = 'Authenticator app';

/** Two-step verification by an authenticator app: set it up, get new backup codes, or turn it off. */
export function AuthenticatorRow() {
  const status = useAuthenticator();
  const disable = useDisableAuthenticator();
  const regenerate = useRegenerateBackupCodes();
  const [open, setOpen] = useState<'setup' | 'off' | 'codes' | null>(null);
  const [newCodes, setNewCodes] = useState<string[] | null>(null);
  const s = status.data;
  if (!s)
    return (
      <Row label={LABEL} hint={status.isError ? 'Could not load it.' : 'Loading…'}>
        {null}
      </Row>
    );
  if (!s.has_password)
    return (
      <Row label={LABEL} hint="You sign in with Google or Apple, which protect your sign-in themselves.">
        {null}
      </Row>
    );

  const hint = s.enabled
    ? `On: signing in asks for a code from your app. ${s.backup_codes_left} backup code${s.backup_codes_left === 1 ? '' : 's'} left.`
    : 'Off: use an app such as Google Authenticator for sign-in codes';
  return (
    <Row label={LABEL} hint={hint}>
      {s.enabled ? (
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" className="min-h-11" onClick={() => setOpen('codes')}>
            New backup codes
          </Button>
          <Button variant="secondary" className="min-h-11" onClick={() => setOpen('off')}>
            Turn off
          </Button>
        </div>
      ) : (
        <Button variant="secondary" className="min-h-11" onClick={() => setOpen('setup')}>
          Set up
        </Button>
      )}
      <AuthenticatorSetupDialog open={open === 'setup'} onOpenChange={(o) => setOpen(o ? 'setup' : null)} />
      <PasswordAndCodeDialog
        open={open === 'off'}
        onOpenChange={(o) => setOpen(o ? 'off' : null)}
        title="Turn off the authenticator app"
        intro="Signing in will no longer ask for a code from your app. Enter your password and a code from the app (or a backup code)."
        submitLabel="Turn off"
        onSubmit={async (body) => {
          await disable.mutateAsync(body);
          toast.success('The authenticator app is off.');
          setOpen(null);
        }}
      />
      <PasswordAndCodeDialog
        open={open === 'codes'}
        onOpenChange={(o) => {
          setOpen(o ? 'codes' : null);
          if (!o) setNewCodes(null);
        }}
        title="New backup codes"
        intro="Your old backup codes will stop working. Enter your password and a code from the app."
        submitLabel="Make new codes"
        onSubmit={async (body) => setNewCodes((await regenerate.mutateAsync(body)).backup_codes)}
      >
        {newCodes && <BackupCodesList codes={newCodes} />}
      </PasswordAndCodeDialog>
    </Row>
  );
}
