import { useState, type FormEvent } from 'react';
import { CalendarClock, Mic, Newspaper, Video } from 'lucide-react';
import { EVENT_KINDS } from '@tribeverse/shared';
import { Alert } from '../../../components/ui/alert';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/format';
import { useCreateEvent, type EventInput } from '../api/create-event';
import { useAttendees } from '../api/get-attendees';
import { useEvents } from '../api/get-events';
import { useRsvpEvent } from '../api/rsvp-event';
import { displayName, type Community, type CommunityEvent } from '../api/types';
import { formatDateTime } from '../../../lib/datetime';
import { TabLoadMore } from './tab-load-more';
import { ListStates } from './list-states';

const KIND_ICON = { blog: Newspaper, video: Video, podcast: Mic } as const;

function NewEvent({ community, onDone }: { community: Community; onDone: () => void }) {
  const create = useCreateEvent(community.id);
  const [form, setForm] = useState<Omit<EventInput, 'starts_at' | 'link'> & { starts_at: string; link: string }>({
    kind: 'blog',
    title: '',
    description: '',
    link: '',
    starts_at: '',
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!form.title.trim() || !form.starts_at) return;
    create.mutate(
      { ...form, title: form.title.trim(), link: form.link.trim() || null, starts_at: new Date(form.starts_at).toISOString() },
      { onSuccess: onDone },
    );
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-3">
      <label className="flex flex-col gap-1 text-sm text-slate-200">
        Type
        <select
          value={form.kind}
          onChange={(e) => setForm({ ...form, kind: e.target.value as EventInput['kind'] })}
          className="min-h-11 rounded-lg border border-slate-700 bg-slate-900 px-3"
        >
          {EVENT_KINDS.map((k) => (
            <option key={k} value={k}>
              {k[0]!.toUpperCase() + k.slice(1)}
            </option>
          ))}
        </select>
      </label>
      <Field label="Title" value={form.title} maxLength={120} onChange={(e) => setForm({ ...form, title: e.target.value })} required />
      <Field
        label="Starts"
        type="datetime-local"
        value={form.starts_at}
        onChange={(e) => setForm({ ...form, starts_at: e.target.value })}
        required
      />
      <Field
        label="Link (optional)"
        type="url"
        placeholder="https://…"
        value={form.link}
        onChange={(e) => setForm({ ...form, link: e.target.value })}
      />
      <label className="flex flex-col gap-1 text-sm text-slate-200">
        Description
        <textarea
          value={form.description}
          maxLength={2000}
          onChange={(e) => setForm({ ...form, description: e.target.value })}
          className="min-h-20 rounded-lg border border-slate-700 bg-slate-900 p-2"
        />
      </label>
      {create.isError && <Alert>{errorMessage(create.error, 'Could not create the event')}</Alert>}
      <Button type="submit" className="min-h-11" disabled={create.isPending || !form.title.trim() || !form.starts_at}>
        Create event
      </Button>
    </form>
  );
}

/** Events: a blog, video or podcast with a start time; members say they go and see who else does. */
export function EventsTab({ community, limit }: { community: Community; limit?: number }) {
  const events = useEvents(community.id);
  const rsvp = useRsvpEvent(community.id);
  const [creating, setCreating] = useState(false);
  const [attendeesOf, setAttendeesOf] = useState<CommunityEvent | null>(null);
  const attendees = useAttendees(community.id, attendeesOf?.id ?? null);
  if (events.isPending) return <Spinner label="Loading events" />;
  if (events.isError) return <p className="text-red-300">{errorMessage(events.error, 'Could not load the events')}</p>;
  const list = events.data.pages.flatMap((p) => p.events).slice(0, limit);

  return (
    <section className="flex flex-col gap-3">
      {!limit && community.my_rights.includes('create_event') && (
        <Button className="min-h-11 self-start" onClick={() => setCreating(true)}>
          New event
        </Button>
      )}
      {!list.length && <p className="text-slate-400">No upcoming events.</p>}
      <ul className="flex flex-col gap-3" aria-label="Events">
        {list.map((ev) => {
          const Icon = KIND_ICON[ev.kind];
          return (
            <li key={ev.id} className="flex flex-col gap-2 rounded-2xl border border-slate-800 bg-slate-900 p-4">
              <div className="flex flex-wrap items-center gap-2 text-xs text-slate-300">
                <span className="inline-flex items-center gap-1 rounded-full bg-accent-500/15 px-2 py-0.5 text-accent-200">
                  <Icon className="size-3" aria-hidden /> {ev.kind}
                </span>
                <span className="inline-flex items-center gap-1">
                  <CalendarClock className="size-3" aria-hidden /> {formatDateTime(ev.starts_at)}
                </span>
                <span>hosted by {displayName(ev.host)}</span>
              </div>
              <h3 className="font-semibold">{ev.title}</h3>
              {ev.description && <p className="text-sm whitespace-pre-wrap text-slate-300">{ev.description}</p>}
              {ev.link && (
                <a href={ev.link} target="_blank" rel="noreferrer" className="self-start text-sm text-brand-400 underline">
                  Open the {ev.kind}
                </a>
              )}
              <div className="flex flex-wrap items-center gap-2">
                {community.my_status === 'member' && (
                  <Button
                    variant={ev.going ? 'secondary' : 'primary'}
                    className="min-h-11"
                    aria-pressed={ev.going}
                    onClick={() => rsvp.mutate({ eventId: ev.id, going: !ev.going })}
                  >
                    {ev.going ? 'Going ✓' : "I'm going"}
                  </Button>
                )}
                <button
                  type="button"
                  onClick={() => setAttendeesOf(ev)}
                  className="flex min-h-11 items-center gap-2 rounded-lg px-2 text-sm text-slate-300 hover:bg-slate-800"
                >
                  <span className="flex">
                    {ev.attendees_preview.map((u) => (
                      <Avatar key={u.id} src={u.avatar} name={displayName(u)} size={24} className="-ml-1 first:ml-0" />
                    ))}
                  </span>
                  {ev.going_count} going
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      <TabLoadMore pages={events} limit={limit} />
      <Modal open={creating} onOpenChange={setCreating} title="New event">
        <NewEvent community={community} onDone={() => setCreating(false)} />
      </Modal>
      <Modal open={attendeesOf !== null} onOpenChange={(o) => !o && setAttendeesOf(null)} title={`Going to ${attendeesOf?.title ?? ''}`}>
        <ListStates
          query={attendees}
          failed="Could not load who goes"
          count={attendees.data?.length ?? 0}
          empty={<p className="text-slate-400">Nobody yet.</p>}
        >
          <ul className="flex flex-col gap-2">
            {attendees.data?.map((u) => (
              <li key={u.id} className="flex items-center gap-2">
                <Avatar src={u.avatar} name={displayName(u)} size={32} /> {displayName(u)}
              </li>
            ))}
          </ul>
        </ListStates>
      </Modal>
    </section>
  );
}
