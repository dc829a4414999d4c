import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { CONVERSATION_LIMITS, GROUP_PICTURE_TOO_LARGE_MSG, updateGroupBodySchema, type Group } from '@tribeverse/shared';
import { Camera, LogOut, UserPlus } from 'lucide-react';
import { appConfirm } from '../../../components/ui/app-dialog';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { SideSheet } from '../../../components/ui/side-sheet';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth';
import { errorMessage } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { dropGroupFromList, putGroup } from '../api/group-cache';
import { addGroupMembers, removeGroupMember, renameGroup, setGroupPicture } from '../api/groups';
import { chatKeys } from '../api/keys';
import { outbox } from '../stores/outbox';
import { AddPeopleDialog } from './add-people-dialog';
import { displayName } from './format';
import { GroupMuteClear } from './group-mute-clear';

/**
 * 'Group info': the members with their roles; admins rename the group, change its picture, add and remove people;
 * everyone may mute it, clear their own history of it and leave (after a confirmation).
 */
export function GroupInfoPanel({ group, open, onOpenChange }: { group: Group; open: boolean; onOpenChange(open: boolean): void }) {
  const me = useAuth().user?.id ?? 0;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const admin = group.my_role === 'admin';
  const [name, setName] = useState(group.name);
  const [nameError, setNameError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [adding, setAdding] = useState(false);
  const picture = useRef<HTMLInputElement>(null);
  // Renamed meanwhile (by another admin, or here): the field shows the name as it now is.
  useEffect(() => setName(group.name), [group.name]);

  /** Runs one change, shows the group as the server answers, and says why when it is refused. */
  const run = async (change: () => Promise<Group | void>, failure: string) => {
    setBusy(true);
    try {
      const next = await change();
      if (next) putGroup(queryClient, next);
      else void queryClient.invalidateQueries({ queryKey: chatKeys.group(group.id) });
      void queryClient.invalidateQueries({ queryKey: chatKeys.groups });
      return true;
    } catch (error) {
      toast.error(errorMessage(error, failure));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const rename = (e: FormEvent) => {
    e.preventDefault();
    const parsed = updateGroupBodySchema.safeParse({ name });
    if (!parsed.success) return setNameError(parsed.error.issues[0]?.message);
    setNameError(undefined);
    if (parsed.data.name !== group.name) void run(() => renameGroup(group.id, parsed.data.name), 'Could not rename the group.');
  };

  const changePicture = (file: File | undefined) => {
    if (picture.current) picture.current.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) return toast.error('Choose an image file (JPEG, PNG, WebP or GIF).');
    if (file.size > CONVERSATION_LIMITS.groupAvatarMaxBytes) return toast.error(GROUP_PICTURE_TOO_LARGE_MSG);
    void run(() => setGroupPicture(group.id, file), 'Could not change the picture.');
  };

  const remove = async (userId: number, who: string) => {
    if (
      !(await appConfirm({
        title: `Remove ${who}?`,
        message: `${who} will no longer see this group.`,
        confirmLabel: 'Remove',
        danger: true,
      }))
    )
      return;
    // The answer is empty: the group is shown without them at once, then asked again.
    queryClient.setQueryData<Group>(chatKeys.group(group.id), (g) => (g ? { ...g, members: g.members.filter((m) => m.id !== userId) } : g));
    await run(() => removeGroupMember(group.id, userId), `Could not remove ${who}.`);
  };

  const leave = async () => {
    const sure = await appConfirm({
      title: `Leave "${group.name}"?`,
      message: 'You will no longer get its messages, and only an admin can add you back.',
      confirmLabel: 'Leave',
      danger: true,
    });
    if (!sure || !(await run(() => removeGroupMember(group.id, me), 'Could not leave the group.'))) return;
    dropGroupFromList(queryClient, group.id);
    outbox.removeWhere((p) => p.group_id === group.id);
    onOpenChange(false);
    navigate(paths.chat.private.list.getHref());
  };

  return (
    <SideSheet open={open} onOpenChange={onOpenChange} title="Group info">
      <div className="flex flex-col items-center gap-2">
        <Avatar src={group.avatar} name={group.name} size={88} />
        {admin && (
          <>
            <Button variant="secondary" className="min-h-11" disabled={busy} onClick={() => picture.current?.click()}>
              <Camera className="size-4" aria-hidden />
              Change picture
            </Button>
            <input
              ref={picture}
              type="file"
              accept="image/*"
              className="sr-only"
              tabIndex={-1}
              aria-label="Group picture file"
              onChange={(e) => changePicture(e.target.files?.[0])}
            />
          </>
        )}
      </div>
      {admin ? (
        <form onSubmit={rename} noValidate className="flex items-end gap-2">
          <Field
            label="Group name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={CONVERSATION_LIMITS.groupNameMax}
            error={nameError}
            className="min-w-0 flex-1"
            autoComplete="off"
          />
          <Button type="submit" variant="secondary" className="min-h-11" disabled={busy || name.trim() === group.name}>
            Save
          </Button>
        </form>
      ) : (
        <p className="text-center text-lg font-semibold break-words">{group.name}</p>
      )}
      <section aria-labelledby="group-members" className="flex flex-col gap-2">
        <div className="flex items-center justify-between gap-2">
          <h3 id="group-members" className="font-semibold">
            {group.members.length} members
          </h3>
          {admin && group.members.length < CONVERSATION_LIMITS.groupMaxMembers && (
            <Button variant="secondary" className="min-h-11" onClick={() => setAdding(true)}>
              <UserPlus className="size-4" aria-hidden />
              Add people
            </Button>
          )}
        </div>
        <ul aria-label="Members" className="flex flex-col">
          {group.members.map((member) => {
            const who = displayName(member);
            return (
              <li key={member.id} className="flex min-h-11 items-center gap-3 py-1">
                <span aria-hidden>
                  <Avatar src={member.avatar} name={who} size={36} />
                </span>
                <span className="min-w-0 flex-1 truncate">
                  {who}
                  {member.id === me && <span className="text-slate-400"> (you)</span>}
                </span>
                {member.role === 'admin' && (
                  <span className="shrink-0 rounded-full border border-slate-600 px-2 text-xs text-slate-300">Admin</span>
                )}
                {admin && member.id !== me && (
                  <button
                    type="button"
                    className="min-h-11 shrink-0 rounded-lg px-2 text-sm font-semibold text-red-300 hover:bg-slate-800 focus-visible:ring-2 focus-visible:ring-brand-400 focus-visible:outline-none disabled:opacity-50"
                    disabled={busy}
                    aria-label={`Remove ${who}`}
                    onClick={() => void remove(member.id, who)}
                  >
                    Remove
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      </section>
      {/* Cleared: the panel closes on the emptied conversation. */}
      <GroupMuteClear group={group} onCleared={() => onOpenChange(false)} />
      <Button variant="danger" className="min-h-11" disabled={busy} onClick={() => void leave()}>
        <LogOut className="size-4" aria-hidden />
        Leave group
      </Button>
      {admin && (
        <AddPeopleDialog
          open={adding}
          onOpenChange={setAdding}
          members={group.members.map((m) => m.id)}
          room={CONVERSATION_LIMITS.groupMaxMembers - group.members.length}
          onAdd={(ids) => run(() => addGroupMembers(group.id, ids), 'Could not add them.')}
        />
      )}
    </SideSheet>
  );
}
