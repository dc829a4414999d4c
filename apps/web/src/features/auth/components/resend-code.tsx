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

/** 'Resend code', disabled with an m:ss countdown while the server would refuse another code. */
export function ResendCode({ remaining, onResend, busy, loading, highlight, ref }: ResendCodeProps) {
  return (
    <div className="text-center text-sm text-slate-400">
      {loading ? (
        <Spinner />
      ) : remaining > 0 ? (
        <span>
          Resend code in <span data-testid="resend-countdown">{formatCountdown(remaining)}</span>
        </span>
      ) : (
        <span>Didn't get it?</span>
      )}{' '}
      <button
        ref={ref}
        type="button"
        onClick={onResend}
        disabled={remaining > 0 || busy}
        className={clsx(
          'font-semibold text-brand-400 disabled:cursor-not-allowed disabled:font-normal disabled:text-slate-400',
          highlight && 'rounded-md px-2 py-0.5 ring-2 ring-brand-400',
        )}
      >
        Resend code
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
          Code expires in <span data-testid="code-countdown" className="font-semibold text-slate-200">{formatCountdown(remaining)}</span>
        </>
      ) : (
        'The code has expired. Ask for a new one.'
      )}
    </p>
  );
}
