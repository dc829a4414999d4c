import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Mic, MicOff, PhoneOff, Settings2, Video, VideoOff, X } from 'lucide-react';
import { Avatar } from '../../../components/ui/avatar';
import type { CallEngine, CallView } from '../stores/call-engine';
import { callLength } from '../../../lib/conversation/call-text';
import { callerName, statusWords } from './call-words';
import { DevicePicker } from './device-picker';

const control =
  'flex size-14 flex-col items-center justify-center rounded-full focus-visible:ring-2 focus-visible:ring-brand-400 focus-visible:ring-offset-2 focus-visible:ring-offset-slate-950 focus-visible:outline-none';
const plain = 'bg-slate-800 text-slate-100 hover:bg-slate-700';
const pressed = 'bg-slate-100 text-slate-900';

/**
 * The call over the whole screen (a phone's and a desktop's alike): the other person's video, or their picture for a
 * voice call; this device's camera in a corner; the time talked; mute, camera, devices and hang-up in reach of a thumb.
 * It follows the theme; hang-up is white on red-700 in both.
 */
export function CallScreen({ view, engine }: { view: CallView; engine: CallEngine }) {
  const remote = useRef<HTMLVideoElement>(null);
  const local = useRef<HTMLVideoElement>(null);
  const hangUp = useRef<HTMLButtonElement>(null);
  const [devicesOpen, setDevicesOpen] = useState(false);
  const elapsed = useElapsed(view.since);
  const name = callerName(view.peer);
  const video = view.media === 'video';

  useEffect(() => {
    if (remote.current && remote.current.srcObject !== view.remote) remote.current.srcObject = view.remote;
  }, [view.remote]);
  useEffect(() => {
    if (local.current && local.current.srcObject !== view.local) local.current.srcObject = view.local;
  }, [view.local]);
  // Focus goes to the call: hang-up is the one thing that must always be a key press away.
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    hangUp.current?.focus();
    return () => before?.focus?.();
  }, []);

  const over = view.phase === 'over';
  const status = view.phase === 'active' && !view.reconnecting ? callLength(elapsed) : statusWords(view);
  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-label={`Call with ${name}`}
      data-testid="call-screen"
      data-phase={view.phase}
      className="fixed inset-0 z-50 flex flex-col bg-slate-950 text-slate-100"
      onKeyDown={(e) => e.key === 'Escape' && over && engine.dismiss()}
    >
      <video
        ref={remote}
        autoPlay
        playsInline
        data-testid="remote-media"
        className={video && view.remote ? 'absolute inset-0 size-full object-contain' : 'sr-only'}
      />
      {!(video && view.remote) && (
        <div className="flex flex-1 items-center justify-center">
          <Avatar src={view.peer?.avatar ?? null} name={name} size={120} />
        </div>
      )}
      {video && view.local && (
        <video
          ref={local}
          autoPlay
          playsInline
          muted
          aria-label="Your camera"
          className="absolute top-4 right-4 z-10 aspect-[3/4] w-24 rounded-xl bg-slate-900 object-cover shadow-lg sm:w-40"
        />
      )}
      <div className="relative z-10 mt-auto bg-slate-950/80 px-4 pt-4 pb-[max(1rem,env(safe-area-inset-bottom))] text-center">
        <h2 className="truncate text-lg font-semibold">{name}</h2>
        <p role="status" aria-live="polite" data-testid="call-status" className="text-sm text-slate-200">
          {status}
        </p>
        {devicesOpen && !over && <DevicePicker engine={engine} video={video} onClose={() => setDevicesOpen(false)} />}
        <div className="mx-auto mt-4 flex max-w-sm items-center justify-center gap-4">
          {over ? (
            <button type="button" ref={hangUp} onClick={() => engine.dismiss()} className={`${control} ${plain}`} aria-label="Close">
              <X className="size-6" aria-hidden />
            </button>
          ) : (
            <>
              <Toggle on={view.muted} onLabel="Unmute" offLabel="Mute" onClick={() => engine.toggleMute()}>
                {view.muted ? <MicOff className="size-6" aria-hidden /> : <Mic className="size-6" aria-hidden />}
              </Toggle>
              {video && (
                <Toggle on={view.cameraOff} onLabel="Turn camera on" offLabel="Turn camera off" onClick={() => engine.toggleCamera()}>
                  {view.cameraOff ? <VideoOff className="size-6" aria-hidden /> : <Video className="size-6" aria-hidden />}
                </Toggle>
              )}
              <button
                type="button"
                aria-expanded={devicesOpen}
                aria-label="Switch microphone or camera"
                onClick={() => setDevicesOpen((open) => !open)}
                className={`${control} ${plain}`}
              >
                <Settings2 className="size-6" aria-hidden />
              </button>
              <button
                type="button"
                ref={hangUp}
                aria-label="Hang up"
                onClick={() => engine.hangUp()}
                className={`${control} bg-red-700 text-white hover:bg-red-600`}
              >
                <PhoneOff className="size-6" aria-hidden />
              </button>
            </>
          )}
        </div>
      </div>
    </div>
  );
}

/** A control that stays pressed (muted, camera off): its name says what pressing it now does. */
function Toggle(props: { on: boolean; onLabel: string; offLabel: string; onClick(): void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-pressed={props.on}
      aria-label={props.on ? props.onLabel : props.offLabel}
      onClick={props.onClick}
      className={`${control} ${props.on ? pressed : plain}`}
    >
      {props.children}
    </button>
  );
}

/** Seconds since `since`, ticking once a second. */
function useElapsed(since: number | null) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (since === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [since]);
  return since === null ? 0 : Math.round((now - since) / 1000);
}
