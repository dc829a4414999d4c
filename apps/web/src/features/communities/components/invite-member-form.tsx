import { useState, type FormEvent } from 'react';
import { UserPlus } from 'lucide-react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/format';
import { useInviteMember } from '../api/invite-member';

/** Invite one person by user name: they get a notification and an Accept / Decline on the community's page. */
export function InviteMemberForm({ communityId }: { communityId: number }) {
  const invite = useInviteMember(communityId);
  const [username, setUsername] = useState('');
  const [result, setResult] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const name = username.trim().replace(/^@/, '');
    if (!name) return setResult({ tone: 'error', text: 'Enter a user name' });
    setResult(null);
    invite.mutate(name, {
      onSuccess: () => {
        setResult({ tone: 'success', text: `@${name} is invited and has been told.` });
        setUsername('');
      },
      onError: (error) => setResult({ tone: 'error', text: errorMessage(error, 'Could not invite them') }),
    });
  };

  return (
    <section aria-labelledby="invite-member-title" className="flex flex-col gap-3">
      <h2 id="invite-member-title" className="text-lg font-semibold">
        Invite a member
      </h2>
      <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <label className="flex flex-1 flex-col gap-1 text-sm text-slate-200">
          User name
          <input
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            placeholder="@username"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            className="min-h-11 rounded-lg border border-slate-700 bg-slate-900 px-3 placeholder:text-slate-400"
          />
        </label>
        <Button type="submit" className="min-h-11" disabled={invite.isPending}>
          <UserPlus className="size-4" aria-hidden /> {invite.isPending ? 'Inviting…' : 'Invite'}
        </Button>
      </form>
      {result && <Alert tone={result.tone}>{result.text}</Alert>}
    </section>
  );
}
