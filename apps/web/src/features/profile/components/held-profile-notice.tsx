import type { HeldProfile } from '@tribeverse/shared';
import { Alert } from '../../../components/ui/alert';

/**
 * Shown on the edit screen while the member's new name or bio waits for a moderator (an instance filter held it):
 * the form holds the waiting values, and others still see the previous ones until the review.
 */
export function HeldProfileNotice({ held, previousName }: { held: HeldProfile; previousName: string | null }) {
  return (
    <Alert tone="info">
      <strong className="font-semibold">Held for review.</strong> Your new name
      {held.full_name ? <> “{held.full_name}”</> : null} and bio wait for a moderator. Until they review them, others see your previous name
      {previousName ? <> “{previousName}”</> : null} and bio. Other changes you save apply at once.
    </Alert>
  );
}
