/**
 * Wall-clock time of day with milliseconds (UTC): how every process of a traced benchmark prints its moments, so that
 * their lines can be put side by side.
 */
export const clock = (epochMs: number) => new Date(epochMs).toISOString().slice(11, 23);
