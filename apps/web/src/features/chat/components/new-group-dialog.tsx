import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { CONVERSATION_LIMITS, createGroupBodySchema, type ChatUser } from '@tribeverse/shared';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/format';
import { createGroup } from '../api/groups';
import { chatKeys } from '../api/keys';
import { PeoplePicker } from './people-picker';

/** 'New group': a name and at least two people the member may message; the member becomes its admin. */
export function NewGroupDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [picked, setPicked] = useState<ChatUser[]>([]);
  const [errors, setErrors] = useState<{ name?: string; people?: string; server?: string }>({});
  const [busy, setBusy] = useState(false);

  const close = (next: boolean) => {
    onOpenChange(next);
    if (next) return;
    setName('');
    setPicked([]);
    setErrors({});
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = createGroupBodySchema.safeParse({ name, member_ids: picked.map((p) => p.id) });
    if (!parsed.success) {
      const said = (field: string) => parsed.error.issues.find((i) => i.path[0] === field)?.message;
      return setErrors({ name: said('name'), people: said('member_ids') });
    }
    setErrors({});
    setBusy(true);
    try {
      const group = await createGroup(parsed.data);
      queryClient.setQueryData(chatKeys.group(group.id), group);
      void queryClient.invalidateQueries({ queryKey: chatKeys.groups });
      close(false);
      navigate(paths.chat.private.group.getHref(group.id));
    } catch (error) {
      setErrors({ server: errorMessage(error, 'Could not create the group.') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open={open} onOpenChange={close} title="New group">
      <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
        <Field
          label="Group name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={CONVERSATION_LIMITS.groupNameMax}
          error={errors.name}
          autoFocus
          autoComplete="off"
        />
        <fieldset className="flex min-h-0 flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-200">People (at least two)</legend>
          <PeoplePicker picked={picked} onChange={setPicked} />
          {errors.people && (
            <p role="alert" className="text-xs text-red-400">
              {errors.people}
            </p>
          )}
        </fieldset>
        {errors.server && <Alert>{errors.server}</Alert>}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? 'Creating…' : 'Create group'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
