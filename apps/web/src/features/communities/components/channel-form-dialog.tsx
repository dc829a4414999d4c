import { useState, type FormEvent } from 'react';
import { CONVERSATION_LIMITS, createChannelBodySchema, updateChannelBodySchema } from '@tribeverse/shared';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { errorMessage } from '../../../lib/format';
import { useCreateChannel, useUpdateChannel, type ChannelInput } from '../api/manage-channels';
import type { Channel } from '../api/types';
import { RadioCards } from '../../../components/ui/radio-cards';

const KINDS = [
  { value: 'text', label: 'Text', hint: 'Every member can post.' },
  { value: 'announcements', label: 'Announcements', hint: 'Only moderators and admins can post; members read.' },
] as const;

type Errors = Partial<Record<'name' | 'topic' | 'form', string>>;

/** The name as the server will keep it (lower case, spaces as '-'), or why it cannot be one. */
const normalName = (name: string) => createChannelBodySchema.shape.name.safeParse(name);

/** Only what the admin changed, so two admins editing different fields do not undo each other. */
function changesOf(channel: Channel, input: Required<ChannelInput>): Partial<ChannelInput> {
  const name = normalName(input.name);
  return {
    ...(!(name.success && name.data === channel.name) && { name: input.name }),
    ...(input.topic.trim() !== channel.topic && { topic: input.topic }),
    ...(input.kind !== channel.kind && { kind: input.kind }),
  };
}

/** New channel (channel null) or Edit #name: name with a preview of how it shows, optional topic, and who may post. */
export function ChannelFormDialog({
  communityId,
  channel,
  open,
  onOpenChange,
  onCreated,
}: {
  communityId: number;
  channel: Channel | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated?: (channel: Channel) => void;
}) {
  const [name, setName] = useState(channel?.name ?? '');
  const [topic, setTopic] = useState(channel?.topic ?? '');
  const [kind, setKind] = useState<Channel['kind']>(channel?.kind ?? 'text');
  const [errors, setErrors] = useState<Errors>({});
  const create = useCreateChannel(communityId);
  const update = useUpdateChannel(communityId);
  const busy = create.isPending || update.isPending;
  const preview = normalName(name);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const input = { name, topic, kind };
    const body = channel ? changesOf(channel, input) : { name, ...(topic.trim() && { topic }), kind };
    if (channel && !Object.keys(body).length) return onOpenChange(false);
    const parsed = (channel ? updateChannelBodySchema : createChannelBodySchema).safeParse(body);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'name' || issue.path[0] === 'topic' ? issue.path[0] : 'form';
        found[field] ??= issue.message;
      }
      return setErrors(found);
    }
    setErrors({});
    try {
      if (channel) await update.mutateAsync({ channelId: channel.id, ...parsed.data });
      else onCreated?.(await create.mutateAsync(parsed.data as ChannelInput));
      onOpenChange(false);
    } catch (error) {
      setErrors({ form: errorMessage(error, 'Could not save the channel') });
    }
  };

  return (
    <Modal open={open} onOpenChange={onOpenChange} title={channel ? `Edit #${channel.name}` : 'New channel'}>
      <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-4" noValidate>
        <Field
          label="Name"
          value={name}
          onChange={(e) => (setName(e.target.value), setErrors(({ name: _, ...rest }) => rest))}
          maxLength={CONVERSATION_LIMITS.channelNameMax}
          autoComplete="off"
          error={errors.name}
          hint={
            preview.success ? (
              <>
                Shown as <strong className="font-semibold text-slate-200">#{preview.data}</strong>
              </>
            ) : (
              'Letters, digits, - and _; spaces become -'
            )
          }
        />
        <Field
          label="Topic (optional)"
          value={topic}
          onChange={(e) => (setTopic(e.target.value), setErrors(({ topic: _, ...rest }) => rest))}
          maxLength={CONVERSATION_LIMITS.channelTopicMax}
          error={errors.topic}
          hint="A line under the channel's name: what it is for."
        />
        <RadioCards<Channel['kind']> legend="Who can post" name="channel-kind" options={KINDS} value={kind} onChange={setKind} />
        {errors.form && <Alert>{errors.form}</Alert>}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" className="min-h-11" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" className="min-h-11" disabled={busy}>
            {channel ? 'Save' : 'Create channel'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
