import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Group } from '@tribeverse/shared';
import { Bell, BellOff, Eraser } from 'lucide-react';
import { appConfirm } from '../../../components/ui/app-dialog';
import { Button } from '../../../components/ui/button';
import { MUTE_CHOICES, muteUntil } from '../../../lib/conversation/mute-choices';
import { errorMessage } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { clearGroupHistory, setGroupMuted } from '../api/group-cache';
import { clearGroupChat, muteGroup, useGroups } from '../api/groups';

/**
 * The member's own say over a group, in its info panel (any member, not only admins): Mute for a while or until
 * turned back on, Unmute, and Clear chat (after a confirmation), worded as the community chat's side modal words them.
 * Neither changes anything for the other members.
 */
export function GroupMuteClear({ group, onCleared }: { group: Group; onCleared(): void }) {
  const queryClient = useQueryClient();
  // The list says whether the member muted it (and whether a mute with an end is still on).
  const muted = useGroups().data?.groups.find((g) => g.id === group.id)?.muted ?? false;
  const [choosing, setChoosing] = useState(false);
  const [muteFor, setMuteFor] = useState<number>(MUTE_CHOICES[0].ms);
  const [busy, setBusy] = useState(false);
  // Focus goes back to Mute / Unmute when the choice closes (it replaced the button, so focus would fall to the page).
  const toggle = useRef<HTMLDivElement>(null);
  const wasChoosing = useRef(false);
  useEffect(() => {
    if (wasChoosing.current && !choosing) toggle.current?.querySelector('button')?.focus();
    wasChoosing.current = choosing;
  }, [choosing]);

  const setMute = async (on: boolean, until?: string) => {
    setBusy(true);
    try {
      const answer = await muteGroup(group.id, on, until);
      setGroupMuted(queryClient, group.id, answer.muted);
      toast.success(answer.muted ? 'Group muted' : 'Group unmuted');
      setChoosing(false);
    } catch (error) {
      toast.error(errorMessage(error, on ? 'Could not mute' : 'Could not unmute'));
    } finally {
      setBusy(false);
    }
  };

  const clear = async () => {
    const sure = await appConfirm({
      title: 'Clear chat?',
      message: 'The history up to now is cleared for you only. This is not recoverable.',
      confirmLabel: 'Clear chat',
      danger: true,
    });
    if (!sure) return;
    setBusy(true);
    try {
      const { cleared_before } = await clearGroupChat(group.id);
      clearGroupHistory(queryClient, group.id, cleared_before);
      toast.success('Chat cleared');
      onCleared();
    } catch (error) {
      toast.error(errorMessage(error, 'Could not clear the chat'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-label="For you" className="flex flex-col gap-2">
      {choosing ? (
        <div className="flex flex-col gap-3 rounded-lg border border-slate-700 bg-slate-950 p-4 text-sm">
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 font-semibold break-words">Mute {group.name}</legend>
            <p className="mb-1 text-slate-300">No notifications from this group meanwhile, and it leaves your Chats count.</p>
            {MUTE_CHOICES.map((c) => (
              <label key={c.label} className="flex min-h-11 items-center gap-2">
                <input
                  type="radio"
                  name={`group-${group.id}-mute-for`}
                  checked={muteFor === c.ms}
                  onChange={() => setMuteFor(c.ms)}
                  // The choice replaced the Mute button: focus starts on it rather than falling to the page.
                  autoFocus={muteFor === c.ms}
                  className="accent-brand-600"
                />
                {c.label}
              </label>
            ))}
          </fieldset>
          <div className="flex justify-end gap-2">
            <Button variant="secondary" className="min-h-11" onClick={() => setChoosing(false)}>
              Cancel
            </Button>
            <Button className="min-h-11" disabled={busy} onClick={() => void setMute(true, muteUntil(muteFor))}>
              Mute
            </Button>
          </div>
        </div>
      ) : (
        <div ref={toggle} className="flex flex-col">
          {/* One button whose words change, so focus stays on it when Unmute becomes Mute. */}
          <Button
            variant="secondary"
            className="min-h-11 justify-start"
            disabled={busy}
            onClick={() => (muted ? void setMute(false) : setChoosing(true))}
          >
            {muted ? <Bell className="size-4" aria-hidden /> : <BellOff className="size-4" aria-hidden />}
            {muted ? 'Unmute' : 'Mute'}
          </Button>
        </div>
      )}
      <Button variant="secondary" className="min-h-11 justify-start" disabled={busy} onClick={() => void clear()}>
        <Eraser className="size-4" aria-hidden />
        Clear chat
      </Button>
    </section>
  );
}
