import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth';
import { errorMessage } from '../../../lib/format';
import { noteAccountDeleted } from '../../../lib/storage';
import { useDownloadMyData } from '../api/account-data';
import { useTwoStep } from '../api/two-step';
import { AuthenticatorRow } from './authenticator-row';
import { ChangePasswordDialog } from './change-password-dialog';
import { DeleteAccountDialog } from './delete-account-dialog';
import { SessionsDialog } from './sessions-dialog';
import { Row } from './settings-rows';

type Open = 'sessions' | 'password' | null;

/** Settings → Security (authenticator app, sessions, password) and Your data (download, delete). */
export function AccountSecurityRows() {
  const [open, setOpen] = useState<Open>(null);
  const toggle = (which: Exclude<Open, null>) => (value: boolean) => setOpen(value ? which : null);
  const hasPassword = useTwoStep().data?.has_password ?? true;
  return (
    <>
      <AuthenticatorRow />
      <Row label="Active sessions" hint="Devices signed in to your account">
        <Button variant="secondary" className="min-h-11" onClick={() => setOpen('sessions')}>
          Manage
        </Button>
      </Row>
      {hasPassword && (
        <Row label="Password" hint="Other sessions are signed out when it changes">
          <Button variant="secondary" className="min-h-11" onClick={() => setOpen('password')}>
            Change
          </Button>
        </Row>
      )}
      <SessionsDialog open={open === 'sessions'} onOpenChange={toggle('sessions')} />
      <ChangePasswordDialog open={open === 'password'} onOpenChange={toggle('password')} />
    </>
  );
}

export function YourDataRows() {
  const [deleting, setDeleting] = useState(false);
  const download = useDownloadMyData();
  const hasPassword = useTwoStep().data?.has_password ?? true;
  return (
    <>
      <Row label="Download my data" hint="Your profile, posts, comments and messages as a JSON file">
        <Button
          variant="secondary"
          className="min-h-11"
          disabled={download.isPending}
          onClick={() => download.mutate(undefined, { onError: (e) => toast.error(errorMessage(e, 'Could not prepare your data.')) })}
        >
          {download.isPending ? 'Preparing…' : 'Download'}
        </Button>
      </Row>
      <Row label="Delete account" hint="Removes your account and everything you posted">
        <Button variant="danger" className="min-h-11" onClick={() => setDeleting(true)}>
          Delete
        </Button>
      </Row>
      <DeleteDialogHost open={deleting} onOpenChange={setDeleting} hasPassword={hasPassword} />
    </>
  );
}

function DeleteDialogHost({
  open,
  onOpenChange,
  hasPassword,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  hasPassword: boolean;
}) {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const leave = async () => {
    await signOut();
    // The sign-in page says so and keeps saying it (a toast is gone in five seconds, maybe unread).
    noteAccountDeleted();
    await navigate(paths.auth.login.getHref(), { replace: true });
  };
  return <DeleteAccountDialog open={open} onOpenChange={onOpenChange} hasPassword={hasPassword} onDeleted={() => void leave()} />;
}
