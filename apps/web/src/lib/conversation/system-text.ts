import type { SystemLine } from '@tribeverse/shared';

/** A member's name as the line should say it, or null when this client does not know them (left long ago). */
export type NameOf = (userId: number) => string | null;

/** 'Ben', 'Ben and Cy', 'Ben, Cy and Dee'. */
function listOf(names: string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/**
 * The words of a line the conversation wrote itself, from the viewer's side: 'Ada added Ben and Cy', 'You left',
 * 'Ada removed you', 'Ada renamed the group to "Trip"'. The server sends who did what to whom (ids, and the people
 * named as they are now), so every client words it in its own language, with the names it knows first.
 */
export function systemText(line: SystemLine, knownName: NameOf, me: number): string {
  // The line itself names the people it speaks of: someone removed who never wrote is in no list the client has.
  const nameOf: NameOf = (id) => {
    const named = line.users?.find((u) => u.id === id);
    return knownName(id) ?? (named ? named.name || named.username : null) ?? null;
  };
  const subject = (id: number | null) => (id === null ? 'Someone' : id === me ? 'You' : (nameOf(id) ?? 'Someone'));
  const objects = (ids: number[]) => {
    const known = ids.filter((id) => id === me || nameOf(id) !== null).map((id) => (id === me ? 'you' : nameOf(id)!));
    const unknown = ids.length - known.length;
    if (unknown) known.push(unknown === 1 ? (known.length ? 'one more' : 'a member') : `${unknown} ${known.length ? 'more' : 'members'}`);
    return listOf(known);
  };
  const actor = subject(line.actor_id);
  const users = line.user_ids ?? [];
  switch (line.event) {
    case 'created':
      return line.name ? `${actor} created the group "${line.name}"` : `${actor} created the group`;
    case 'added':
      return `${actor} added ${objects(users)}`;
    case 'removed':
      return `${actor} removed ${objects(users)}`;
    case 'left':
      return `${subject(users[0] ?? line.actor_id)} left`;
    case 'renamed':
      return `${actor} renamed the group to "${line.name ?? ''}"`;
    case 'avatar':
      return `${actor} changed the group picture`;
  }
}
