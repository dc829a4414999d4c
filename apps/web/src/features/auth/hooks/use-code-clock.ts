import { useEffect, useRef, useState } from 'react';
import { useCountdown } from './use-countdown';

/** Seconds left of a duration the server gave at `at` (ms since the epoch): a reload keeps counting from it. */
const secondsLeft = (seconds: number, at: number | undefined) => Math.max(0, seconds - (at ? Math.floor((Date.now() - at) / 1000) : 0));

/**
 * The clock of a mailed code, as the server gave it: how long the code lives and when another may be asked for.
 * Once a refusal says the code is dead (`setCodeIsDead`), Resend takes the focus as soon as it can be pressed.
 */
export function useCodeClock({ expiresIn, resendIn, at }: { expiresIn: number; resendIn: number; at: number | undefined }) {
  const expiry = useCountdown(secondsLeft(expiresIn, at));
  const resendWait = useCountdown(secondsLeft(resendIn, at));
  const [codeIsDead, setCodeIsDead] = useState(false);
  const resendButton = useRef<HTMLButtonElement>(null);
  const resendReady = resendWait.remaining === 0;

  useEffect(() => {
    if (codeIsDead && resendReady) resendButton.current?.focus();
  }, [codeIsDead, resendReady]);

  /** Both countdowns start over from the server's answer to a resend. */
  const restart = ({ expires_in, resend_in }: { expires_in: number; resend_in: number }) => {
    resendWait.restart(resend_in);
    expiry.restart(expires_in);
  };

  return {
    expiry,
    codeIsDead,
    setCodeIsDead,
    restart,
    /** What the Resend button shows: its wait, and a ring once only a new code helps (refused for good, or ran out). */
    resendProps: { ref: resendButton, remaining: resendWait.remaining, highlight: codeIsDead || expiry.remaining === 0 },
  };
}
