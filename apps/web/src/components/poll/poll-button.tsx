import { useState } from 'react';
import { ChartBar } from 'lucide-react';
import type { PollTarget } from '@tribeverse/shared';
import { useCreatePoll } from '../../lib/api/polls';
import { Button } from '../ui/button';
import { PollDialog } from './poll-dialog';

/**
 * The composer's "Poll" action in a group or a channel: the dialog, then the poll goes out as a new message of the
 * member's (it reaches the timeline as every new message does, by the conversation's socket events).
 */
export function PollButton({ target, disabled }: { target: Exclude<PollTarget, { kind: 'post' }>; disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  const create = useCreatePoll();
  return (
    <>
      <Button
        variant="ghost"
        onClick={() => setOpen(true)}
        disabled={disabled}
        aria-label="Poll"
        title="Poll"
        className="size-11 shrink-0 px-0"
      >
        <ChartBar className="size-5" />
      </Button>
      <PollDialog open={open} onOpenChange={setOpen} onSubmit={(draft) => create.mutateAsync({ ...draft, target })} />
    </>
  );
}
