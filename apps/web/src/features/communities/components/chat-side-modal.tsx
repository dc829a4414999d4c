import { useState } from 'react';
import { BellOff, Eraser, Flag, LogOut } from 'lucide-react';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { Alert } from '../../../components/ui/alert';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { SideSheet } from '../../../components/ui/side-sheet';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/format';
import { useClearChat } from '../api/clear-chat';
import { useLeaveCommunity } from '../api/leave-community';
import { useMute } from '../api/mute';
import { useReport } from '../api/report';
import { displayName, type Community, type CommunityMessage, type CommunityUser } from '../api/types';
import { communityOutbox } from '../stores/outbox';
import { formatDateTime } from '../../../lib/datetime';

/**
 * Who or what the side modal was opened about: a member's avatar (and their message), or the group itself; `report`
 * opens it at the report's panel (Report… in a message's menu).
 */
export interface SideModalTarget {
  user?: CommunityUser;
  message?: CommunityMessage;
  report?: boolean;
}

type Pending = 'report' | 'exit' | 'mute' | 'clear' | null;

const MUTE_CHOICES = [
  { label: '1 hour', ms: 60 * 60_000 },
  { label: '8 hours', ms: 8 * 60 * 60_000 },
  { label: '1 week', ms: 7 * 24 * 60 * 60_000 },
  { label: 'Until I turn it back on', ms: 0 },
];

const REASONS = ['Spam', 'Harassment or hate', 'Violence or threats', 'Nudity or sexual content', 'Scam or fraud', 'Something else'];

/** The spec's side modal: Report, Exit, Mute, Clear chat, each confirmed in its own panel (Cancel + confirm). */
export function ChatSideModal({
  community,
  target,
  me,
  onClose,
}: {
  community: Community;
  target: SideModalTarget | null;
  me: number;
  onClose: () => void;
}) {
  const [pending, setPending] = useState<Pending>(target?.report ? 'report' : null);
  const [error, setError] = useState<string | null>(null);
  // Opened about something else: its first panel (adjusted while rendering, as React advises for a changed prop).
  const [shown, setShown] = useState(target);
  if (shown !== target) {
    setShown(target);
    setPending(target?.report ? 'report' : null);
    setError(null);
  }
  const [reason, setReason] = useState(REASONS[0]!);
  const [details, setDetails] = useState('');
  const [muteFor, setMuteFor] = useState(MUTE_CHOICES[0]!.ms);
  const report = useReport(community.id);
  const leave = useLeaveCommunity(community.id);
  const mute = useMute(community.id);
  const clear = useClearChat(community.id);
  const navigate = useNavigate();
  const reportable = target?.user && target.user.id !== me ? target.user : null;
  const mutedNow = community.muted && (!community.muted_until || Date.parse(community.muted_until) > Date.now());

  const close = () => {
    setPending(null);
    setError(null);
    onClose();
  };
  const choose = (p: Pending) => {
    setError(null);
    setPending(p);
  };
  const fail = (fallback: string) => (e: unknown) => setError(errorMessage(e, fallback));

  const confirm = () => {
    if (pending === 'report' && reportable) {
      const text = details.trim() ? `${reason}: ${details.trim()}` : reason;
      report.mutate(
        { reason: text, user_id: reportable.id, ...(target?.message && { message_id: target.message.id }) },
        { onSuccess: () => (toast.success('Report sent to the admins'), close()), onError: fail('Could not send the report') },
      );
    } else if (pending === 'exit') {
      // Awaited rather than mutate's callbacks: the live 'you left' can close this chat before the answer arrives,
      // and a callback of an unmounted mutate never runs (the member would stay on the chat's address).
      leave.mutateAsync().then(() => {
        communityOutbox.dropCommunity(community.id);
        toast.success(`You left ${community.name}`);
        close();
        void navigate(paths.community.chat.getHref(), { replace: true });
      }, fail('Could not leave the group'));
    } else if (pending === 'mute') {
      const until = muteFor ? new Date(Date.now() + muteFor).toISOString() : undefined;
      mute.mutate({ muted: true, until }, { onSuccess: () => (toast.success('Group muted'), close()), onError: fail('Could not mute') });
    } else if (pending === 'clear') {
      clear.mutate(undefined, {
        onSuccess: () => (toast.success('Chat cleared'), close()),
        onError: fail('Could not clear the chat'),
      });
    }
  };

  const busy = report.isPending || leave.isPending || mute.isPending || clear.isPending;
  const action = 'flex min-h-12 w-full items-center gap-3 rounded-lg px-3 text-left text-sm font-medium hover:bg-slate-800';
  return (
    <SideSheet open={target !== null} onOpenChange={(o) => !o && close()} title={reportable ? displayName(reportable) : community.name}>
      {reportable ? (
        <div className="flex items-center gap-3">
          <Avatar src={reportable.avatar} name={displayName(reportable)} size={56} />
          <span className="text-sm text-slate-300">@{reportable.username}</span>
        </div>
      ) : (
        <div className="flex items-center gap-3">
          <Avatar src={community.image} name={community.name} size={56} />
          <span className="text-sm text-slate-300">{community.member_count} members</span>
        </div>
      )}
      {pending === null ? (
        <ul className="flex flex-col gap-1" aria-label="Chat actions">
          {reportable && (
            <li>
              <button type="button" className={`${action} text-red-300`} onClick={() => choose('report')}>
                <Flag className="size-5" aria-hidden /> Report
              </button>
            </li>
          )}
          <li>
            <button type="button" className={action} onClick={() => choose('exit')}>
              <LogOut className="size-5" aria-hidden /> Exit
            </button>
          </li>
          <li>
            {mutedNow ? (
              <button
                type="button"
                className={action}
                onClick={() =>
                  mute.mutate(
                    { muted: false },
                    { onSuccess: () => (toast.success('Group unmuted'), close()), onError: fail('Could not unmute') },
                  )
                }
              >
                <BellOff className="size-5" aria-hidden /> Unmute
                {community.muted_until && (
                  <span className="ml-auto text-xs text-slate-400">until {formatDateTime(community.muted_until)}</span>
                )}
              </button>
            ) : (
              <button type="button" className={action} onClick={() => choose('mute')}>
                <BellOff className="size-5" aria-hidden /> Mute
              </button>
            )}
          </li>
          <li>
            <button type="button" className={action} onClick={() => choose('clear')}>
              <Eraser className="size-5" aria-hidden /> Clear chat
            </button>
          </li>
        </ul>
      ) : (
        <section
          role="group"
          aria-label="Confirm"
          className="flex flex-col gap-3 rounded-lg border border-slate-700 bg-slate-950 p-4 text-sm"
        >
          {pending === 'report' && reportable && (
            <>
              <h3 className="font-semibold">Report {displayName(reportable)}</h3>
              <p>The user will not be notified. The admins of {community.name} will review it.</p>
              <label className="flex flex-col gap-1">
                Reason
                <select
                  value={reason}
                  onChange={(e) => setReason(e.target.value)}
                  className="min-h-11 rounded-lg border border-slate-700 bg-slate-900 px-3"
                >
                  {REASONS.map((r) => (
                    <option key={r}>{r}</option>
                  ))}
                </select>
              </label>
              <label className="flex flex-col gap-1">
                Details (optional)
                <textarea
                  value={details}
                  maxLength={400}
                  onChange={(e) => setDetails(e.target.value)}
                  className="min-h-20 rounded-lg border border-slate-700 bg-slate-900 p-2"
                />
              </label>
            </>
          )}
          {pending === 'exit' && (
            <>
              <h3 className="font-semibold">Exit {community.name}</h3>
              <p>You will lose access to this group. Only the admin will be notified.</p>
            </>
          )}
          {pending === 'mute' && (
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-1 font-semibold">Mute {community.name}</legend>
              <p className="mb-1 text-slate-300">No notifications or unread badge from this group meanwhile.</p>
              {MUTE_CHOICES.map((c) => (
                <label key={c.label} className="flex min-h-11 items-center gap-2">
                  <input
                    type="radio"
                    name="mute-for"
                    checked={muteFor === c.ms}
                    onChange={() => setMuteFor(c.ms)}
                    className="accent-brand-600"
                  />
                  {c.label}
                </label>
              ))}
            </fieldset>
          )}
          {pending === 'clear' && (
            <>
              <h3 className="font-semibold">Clear chat</h3>
              <p>The history up to now is cleared for you only. This is not recoverable.</p>
            </>
          )}
          {error && <Alert>{error}</Alert>}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" className="min-h-11" onClick={() => choose(null)}>
              Cancel
            </Button>
            <Button variant={pending === 'mute' ? 'primary' : 'danger'} className="min-h-11" disabled={busy} onClick={confirm}>
              {pending === 'report' ? 'Report' : pending === 'exit' ? 'Exit group' : pending === 'mute' ? 'Mute' : 'Clear chat'}
            </Button>
          </div>
        </section>
      )}
    </SideSheet>
  );
}
