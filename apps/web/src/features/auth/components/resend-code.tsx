import clsx from 'clsx';
import type { Ref } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { formatCountdown } from '../../../lib/format';

interface ResendCodeProps {
  /** Seconds until the server takes another request for a code; the button waits that long. */
  remaining: number;
  onResend: () => void;
  busy?: boolean;
  /** Still learning the wait from the server. */
  loading?: boolean;
  /** Asking for a new code is the next step (the last one expired or ran out of tries). */
  highlight?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

/**
 * 'Resend code', disabled and reading 'Resend code in 0:29' while the server would refuse another code (said
 * once, on the button itself), then "Didn't get it? Resend code".
 */
export function ResendCode({ remaining, onResend, busy, loading, highlight, ref }: ResendCodeProps) {
  const waiting = remaining > 0;
  return (
    <div className="text-center text-sm text-slate-400">
      {loading ? <Spinner /> : !waiting && <span>Didn't get it? </span>}
      <button
        ref={ref}
        type="button"
        onClick={onResend}
        disabled={waiting || busy}
        aria-label="Resend code"
        aria-describedby={waiting && !loading ? 'resend-wait' : undefined}
        className={clsx(
          'min-h-11 font-semibold text-brand-400 disabled:cursor-not-allowed disabled:font-normal disabled:text-slate-400',
          highlight && 'rounded-md px-2 py-0.5 ring-2 ring-brand-400',
        )}
      >
        Resend code
        {waiting && !loading && (
          <span id="resend-wait">
            {' in '}
            <span data-testid="resend-countdown">{formatCountdown(remaining)}</span>
          </span>
        )}
      </button>
    </div>
  );
}

/** 'Code expires in m:ss', or that it has expired and a new one is the way on. */
export function CodeExpiry({ remaining }: { remaining: number }) {
  return (
    <p className="text-center text-sm text-slate-400">
      {remaining > 0 ? (
        <>
          Code expires in{' '}
          <span data-testid="code-countdown" className="font-semibold text-slate-200">
            {formatCountdown(remaining)}
          </span>
        </>
      ) : (
        'The code has expired. Ask for a new one.'
      )}
    </p>
  );
}
