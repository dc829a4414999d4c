import type { CommunityUser } from '@tribeverse/shared';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { displayName } from '../api/types';

/** A titled list of people, each with a line about them and one action (lift a ban, withdraw an invitation). */
export function PersonActionList<T extends CommunityUser>(props: {
  id: string;
  title: string;
  /** The list's accessible name. */
  label: string;
  people: T[];
  note: (person: T) => string;
  action: { text: string; label: (name: string) => string; pending: boolean; run: (person: T) => void };
  className?: string;
}) {
  const { id, people, action } = props;
  return (
    <section aria-labelledby={id} className={`flex flex-col gap-2 ${props.className ?? ''}`}>
      <h2 id={id} className="text-lg font-semibold">
        {props.title}
      </h2>
      <ul className="flex flex-col gap-2" aria-label={props.label}>
        {people.map((person) => (
          <li key={person.id} className="flex items-center gap-3 rounded-lg border border-slate-800 p-2">
            <Avatar src={person.avatar} name={displayName(person)} size={36} />
            <span className="min-w-0 flex-1">
              <span className="block truncate">{displayName(person)}</span>
              <span className="text-xs text-slate-400">{props.note(person)}</span>
            </span>
            <Button
              variant="secondary"
              className="min-h-11"
              disabled={action.pending}
              aria-label={action.label(displayName(person))}
              onClick={() => action.run(person)}
            >
              {action.text}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
