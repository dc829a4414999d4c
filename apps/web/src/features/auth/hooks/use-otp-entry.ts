import { useState } from 'react';
import { LIMITS } from '@tribeverse/shared';
import { emptyCode } from '../../../components/ui/otp-input';

/**
 * The boxes of a mailed code and the error under them. `complete()` gives the code once every digit is in (and
 * otherwise shows `missing`); `clear()` empties the boxes for another try.
 */
export function useOtpEntry(missing: string) {
  const [code, setCode] = useState(() => emptyCode(LIMITS.otpLength));
  const [error, setError] = useState<string | null>(null);

  const complete = () => {
    const joined = code.join('');
    if (joined.length < LIMITS.otpLength) {
      setError(missing);
      return null;
    }
    setError(null);
    return joined;
  };
  const clear = () => setCode(emptyCode(LIMITS.otpLength));

  return { code, setCode, error, setError, complete, clear };
}
