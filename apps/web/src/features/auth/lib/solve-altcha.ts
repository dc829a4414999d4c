import { solveChallenge, type Challenge, type Solution } from 'altcha-lib';
// The Web Crypto build of the SHA key derivation (the package's default one needs node:crypto).
import { deriveKey } from 'altcha-lib/algorithms/web/sha';

/** altcha-lib's solver: counts up until the derived key starts with the challenge's prefix (null after its timeout). */
export const solveAltcha = (challenge: Challenge): Promise<Solution | null> => solveChallenge({ challenge, deriveKey });
