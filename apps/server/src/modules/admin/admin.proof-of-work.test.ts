import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/support/harness.ts';
import { ProofOfWork } from './admin-proof-of-work.ts';
import { AdminSettingsRepository } from './admin-settings.repository.ts';

const t = useTestApp();

/** One process of the deployment: its own ProofOfWork, the deployment's secret and database. */
const aProcess = () => {
  const settings = new AdminSettingsRepository(t.db);
  return new ProofOfWork('the deployment secret', (signature, expiresAt) => settings.spendChallenge(signature, expiresAt));
};

describe("sign-up's proof of work across processes", () => {
  it('takes a solution once in the whole deployment, whichever process sees it first', async () => {
    const [one, two] = [aProcess(), aProcess()];
    const challenge = await one.challenge();
    const solution = await solveChallenge({ challenge, deriveKey });
    const payload = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');

    expect(await two.verify(payload)).toBe(true);
    // A bot replaying the same solution to another process (or the same one) is refused.
    expect(await one.verify(payload)).toBe(false);
    expect(await two.verify(payload)).toBe(false);
    // A fresh challenge is good again.
    const next = await two.challenge();
    const nextPayload = Buffer.from(
      JSON.stringify({ challenge: next, solution: await solveChallenge({ challenge: next, deriveKey }) }),
    ).toString('base64');
    expect(await one.verify(nextPayload)).toBe(true);
  });
});
