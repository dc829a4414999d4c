import { useEffect, useRef, useState } from 'react';
import { OtpInput, emptyCode } from '../../../components/ui/otp-input';
import { PASSCODE_LENGTH } from './passcode-hash';
import { tryPasscode, usePasscode } from './passcode-store';

/** Re-renders every second while `active`, for a countdown. */
function useNow(active: boolean) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return active ? now : Date.now();
}

const focusFirstBox = (container: HTMLElement | null) => container?.querySelector<HTMLInputElement>('input:not(:disabled)')?.focus();

/**
 * Boxes for the member's current passcode, checked as soon as the last digit is in. A wrong one says so and
 * clears; after too many in a row the boxes wait, with a countdown, before taking another try.
 */
export function CurrentPasscode({ memberId, label, onVerified }: { memberId: string | number; label: string; onVerified: () => void }) {
  const record = usePasscode(memberId);
  const [code, setCode] = useState(() => emptyCode(PASSCODE_LENGTH));
  const [wrong, setWrong] = useState(false);
  const checking = useRef(false);
  const box = useRef<HTMLDivElement>(null);
  const retryAt = record?.retryAt ?? 0;
  const now = useNow(retryAt > Date.now());
  const waitSeconds = Math.max(0, Math.ceil((retryAt - now) / 1000));
  const waiting = waitSeconds > 0;

  // The boxes are disabled during a wait, which drops the focus; give it back when the wait is over.
  const wasWaiting = useRef(waiting);
  useEffect(() => {
    if (wasWaiting.current && !waiting) focusFirstBox(box.current);
    wasWaiting.current = waiting;
  }, [waiting]);

  const onChange = async (next: string[]) => {
    setCode(next);
    if (next.some((d) => d)) setWrong(false);
    if (next.some((d) => !d) || checking.current) return;
    checking.current = true;
    const result = await tryPasscode(memberId, next.join(''));
    checking.current = false;
    if (result.ok) return onVerified();
    setCode(emptyCode(PASSCODE_LENGTH));
    if (!result.waiting) setWrong(true);
    focusFirstBox(box.current);
  };

  return (
    <div ref={box} className="flex flex-col items-center gap-2">
      <OtpInput value={code} onChange={onChange} label={label} disabled={waiting} invalidCharMessage="Digits only" />
      {wrong && (
        <p role="alert" className="text-sm text-red-400">
          Wrong passcode
        </p>
      )}
      {waiting && (
        <>
          <p role="alert" className="text-sm text-amber-300">
            Too many wrong tries.
          </p>
          {/* Outside the alert so a screen reader is not read every second of the countdown. */}
          <p className="text-sm text-slate-400">Try again in {waitSeconds} s</p>
        </>
      )}
    </div>
  );
}
