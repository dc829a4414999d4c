import { createChallenge, randomInt, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';

/** How long a challenge may be solved and sent for. */
const TTL_MS = 10 * 60_000;
/**
 * The counter the solver must find, at random in this range: a browser tries about this many SHA-256 hashes (a
 * second or two on a phone), which a person does not notice once and a script making thousands of accounts pays
 * each time.
 */
const WORK = { min: 50_000, max: 100_000 };

/**
 * Sign-up's proof of work (altcha, self-hosted: no outside service). Challenges are signed with a key derived from
 * the deployment's secrets key, so any process checks any other's; a solved challenge is taken once in the whole
 * deployment (`spend` records it in the database until it expires).
 */
export class ProofOfWork {
  constructor(
    private readonly secret: string,
    private readonly spend: (signature: string, expiresAt: Date) => Promise<boolean>,
  ) {}

  async challenge(): Promise<Challenge & { signature: string }> {
    const challenge = await createChallenge({
      algorithm: 'SHA-256',
      cost: 1,
      counter: randomInt(WORK.max, WORK.min),
      deriveKey,
      hmacSignatureSecret: this.secret,
      expiresAt: new Date(Date.now() + TTL_MS),
    });
    // Signed whenever a secret is given (createChallenge throws without one).
    return { ...challenge, signature: challenge.signature! };
  }

  /** Whether the widget's payload (base64 JSON of {challenge, solution}) solves a challenge of ours not spent yet. */
  async verify(payload: string | undefined): Promise<boolean> {
    const parsed = payload ? decode(payload) : null;
    if (!parsed) return false;
    try {
      const result = await verifySolution({ ...parsed, deriveKey, hmacSignatureSecret: this.secret });
      if (!result.verified) return false;
    } catch {
      return false;
    }
    return this.spend(parsed.challenge.signature!, new Date(Date.now() + TTL_MS));
  }
}

function decode(payload: string): { challenge: Challenge; solution: Solution } | null {
  try {
    const value = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as { challenge?: Challenge; solution?: Solution };
    if (!value?.challenge?.parameters || typeof value.challenge.signature !== 'string' || !value.solution) return null;
    return { challenge: value.challenge, solution: value.solution };
  } catch {
    return null;
  }
}
