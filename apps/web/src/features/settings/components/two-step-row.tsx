import { useState } from 'react';
import { Row, Toggle } from './settings-rows';
import { useTwoStep } from '../api/two-step';
import { TwoStepPasswordDialog } from './two-step-password-dialog';

const LABEL = 'Two-step verification';

/**
 * On/off for two-step verification. Members who only sign in with Google or Apple cannot turn it on: it guards
 * password sign-in, which they do not use, and their provider runs its own. The address must be confirmed first.
 */
export function TwoStepRow() {
  const status = useTwoStep();
  // What the open dialog is for, fixed when it opens: the status flips as it closes.
  const [intent, setIntent] = useState<{ enable: boolean; open: boolean }>({ enable: true, open: false });
  const s = status.data;
  if (!s) {
    return (
      <Row label={LABEL} hint={status.isError ? 'Could not load it.' : 'Loading…'}>
        <Toggle label={LABEL} checked={false} disabled />
      </Row>
    );
  }

  // Why it cannot be turned on (null: it can, or it is on and may be turned off).
  const blocked = s.enabled
    ? null
    : !s.has_password
      ? 'You sign in with Google or Apple, which protect your sign-in themselves.'
      : !s.email_confirmed
        ? 'Confirm your email address to turn it on.'
        : null;
  const hint = blocked ?? (s.enabled ? 'On: signing in with your password also needs a code mailed to you' : 'Off');
  return (
    <Row label={LABEL} hint={hint}>
      <Toggle label={LABEL} checked={s.enabled} disabled={!!blocked} onChange={() => setIntent({ enable: !s.enabled, open: true })} />
      <TwoStepPasswordDialog enable={intent.enable} open={intent.open} onOpenChange={(open) => setIntent((i) => ({ ...i, open }))} />
    </Row>
  );
}
