import { useNavigate } from 'react-router';
import { Check } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';

export function PasswordChangedPage() {
  const navigate = useNavigate();
  return (
    <div className="flex flex-col items-center gap-4 text-center">
      <div className="flex h-16 w-16 items-center justify-center rounded-full bg-emerald-500/20 text-emerald-300" aria-hidden>
        <Check className="size-8" />
      </div>
      <h1 className="text-2xl font-bold">Password Changed</h1>
      <p className="text-sm text-slate-400">
        Your password has been changed and every other session was signed out. Sign in with your new password.
      </p>
      <Button className="w-full" onClick={() => navigate(paths.auth.login.getHref(), { replace: true })}>
        Back to log in
      </Button>
    </div>
  );
}
