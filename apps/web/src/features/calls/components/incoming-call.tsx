import { useEffect, useRef, type ReactNode, type Ref } from 'react';
import { Phone, PhoneOff, Video } from 'lucide-react';
import { Avatar } from '../../../components/ui/avatar';
import type { CallView } from '../stores/call-engine';
import { startRinging } from '../stores/ringer';
import { callerName } from './call-words';

/**
 * Being rung: a card at the top of the screen on every open tab, over whatever page is open. Focus moves to Accept
 * (the previous focus comes back after), and as an alert dialog it is read out at once by screen readers.
 */
export function IncomingCall({ view, onAccept, onDecline }: { view: CallView; onAccept(): void; onDecline(): void }) {
  const accept = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    accept.current?.focus();
    const stopRinging = startRinging();
    return () => {
      stopRinging();
      before?.focus?.();
    };
  }, []);
  const name = callerName(view.peer);
  const kind = view.media === 'video' ? 'Video call' : 'Voice call';
  return (
    <div
      role="alertdialog"
      aria-modal="false"
      aria-labelledby="incoming-call-title"
      aria-describedby="incoming-call-kind"
      data-testid="incoming-call"
      className="fixed inset-x-2 top-2 z-50 mx-auto max-w-md rounded-2xl border border-slate-700 bg-slate-900 p-4 text-slate-100 shadow-2xl sm:top-4"
    >
      <div className="flex items-center gap-3">
        <Avatar src={view.peer?.avatar ?? null} name={name} size={48} />
        <div className="min-w-0 flex-1">
          <h2 id="incoming-call-title" className="truncate font-semibold">
            {name} is calling
          </h2>
          <p id="incoming-call-kind" className="flex items-center gap-1 text-sm text-slate-300">
            {view.media === 'video' ? <Video className="size-4" aria-hidden /> : <Phone className="size-4" aria-hidden />}
            {kind}
          </p>
        </div>
      </div>
      <div className="mt-4 grid grid-cols-2 gap-3">
        <Answer tone="bg-red-700 text-white hover:bg-red-600" onClick={onDecline} icon={<PhoneOff className="size-5" aria-hidden />}>
          Decline
        </Answer>
        <Answer
          ref={accept}
          tone="bg-brand-700 text-white hover:bg-brand-600"
          onClick={onAccept}
          icon={<Phone className="size-5" aria-hidden />}
        >
          Accept
        </Answer>
      </div>
    </div>
  );
}

/** Accept or Decline: large enough for a thumb, white on a fill that stays dark in both themes. */
function Answer(props: { tone: string; onClick(): void; icon: ReactNode; children: ReactNode; ref?: Ref<HTMLButtonElement> }) {
  return (
    <button
      ref={props.ref}
      type="button"
      onClick={props.onClick}
      className={`flex min-h-12 items-center justify-center gap-2 rounded-full px-4 font-semibold focus-visible:ring-2 focus-visible:ring-brand-400 focus-visible:ring-offset-2 focus-visible:ring-offset-slate-900 focus-visible:outline-none ${props.tone}`}
    >
      {props.icon}
      {props.children}
    </button>
  );
}
