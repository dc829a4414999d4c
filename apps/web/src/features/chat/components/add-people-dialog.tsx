import { useState } from 'react';
import type { ChatUser } from '@tribeverse/shared';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { PeoplePicker } from './people-picker';

/** An admin adds people they may message to the group (those already in are not offered). */
export function AddPeopleDialog({
  open,
  onOpenChange,
  members,
  room,
  onAdd,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  members: number[];
  /** How many more people the group can take. */
  room: number;
  /** Resolves true once they are in. */
  onAdd(userIds: number[]): Promise<boolean>;
}) {
  const [picked, setPicked] = useState<ChatUser[]>([]);
  const [busy, setBusy] = useState(false);
  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) setPicked([]);
  };
  const tooMany = picked.length > room;
  const add = async () => {
    setBusy(true);
    const done = await onAdd(picked.map((p) => p.id));
    setBusy(false);
    if (done) close(false);
  };
  return (
    <Modal open={open} onOpenChange={close} title="Add people">
      <div className="flex flex-col gap-4">
        <PeoplePicker picked={picked} onChange={setPicked} exclude={members} />
        {tooMany && (
          <p role="alert" className="text-xs text-red-400">
            A group holds at most 100 people: pick {room} or fewer.
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button disabled={!picked.length || tooMany || busy} onClick={() => void add()}>
            {busy ? 'Adding…' : 'Add'}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
