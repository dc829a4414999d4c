import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { DonePanel } from './done-panel';

export function PasswordChangedPage() {
  const navigate = useNavigate();
  return (
    <DonePanel
      title="Password Changed"
      actionLabel="Back to log in"
      onAction={() => navigate(paths.auth.login.getHref(), { replace: true })}
    >
      Your password has been changed and every other session was signed out. Sign in with your new password.
    </DonePanel>
  );
}
