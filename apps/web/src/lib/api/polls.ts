import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CreatePollBody, ConversationMessage, Poll, PollResults } from '@tribeverse/shared';
import { api } from '../api-client';
import { listen } from '../socket-listen';
import { useSocket } from '../socket-provider';

/** What a poll is on: a group's or a channel's message, or a post. */
export type PollCarrier = { kind: 'message' | 'post'; id: number };

export const pollKey = (carrier: PollCarrier) => ['polls', carrier.kind, carrier.id] as const;

const carrierOf = (poll: PollResults): PollCarrier | null =>
  poll.message_id !== null ? { kind: 'message', id: poll.message_id } : poll.post_id !== null ? { kind: 'post', id: poll.post_id } : null;

/**
 * Polls are asked for by the messages and posts on screen: every card that mounts in the same moment (a page of
 * history, of the feed) joins one request, `GET /polls?message_ids=…&post_ids=…`, instead of one each.
 */
type Waiting = { carrier: PollCarrier; resolve(poll: Poll | null): void; reject(error: unknown): void };
let waiting: Waiting[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;

async function flush() {
  const batch = waiting;
  waiting = [];
  timer = undefined;
  // The server takes 100 ids of each kind at most: a larger batch goes in slices.
  for (let start = 0; start < batch.length; start += 100) {
    const slice = batch.slice(start, start + 100);
    const ids = (kind: PollCarrier['kind']) =>
      [...new Set(slice.filter((w) => w.carrier.kind === kind).map((w) => w.carrier.id))].join(',');
    try {
      const { polls } = await api<{ polls: Poll[] }>('/polls', { query: { message_ids: ids('message'), post_ids: ids('post') } });
      for (const w of slice)
        w.resolve(polls.find((p) => (w.carrier.kind === 'message' ? p.message_id : p.post_id) === w.carrier.id) ?? null);
    } catch (error) {
      for (const w of slice) w.reject(error);
    }
  }
}

export function fetchPollOf(carrier: PollCarrier): Promise<Poll | null> {
  return new Promise((resolve, reject) => {
    waiting.push({ carrier, resolve, reject });
    timer ??= setTimeout(() => void flush(), 0);
  });
}

/**
 * The poll on a message or a post, or null when it has none, kept live while shown (`poll:updated`): an answer fetched
 * before a poll was attached never hides one that arrived live meanwhile.
 */
export function usePollOf(carrier: PollCarrier, me: number | undefined) {
  const client = useQueryClient();
  const socket = useSocket();
  // Listened for whether or not a poll is known yet: a post's poll is attached just after the post appears.
  const { kind, id } = carrier;
  useEffect(() => {
    if (!socket) return;
    return listen(socket, {
      'poll:updated': ({ poll }) => {
        if ((kind === 'message' ? poll.message_id : poll.post_id) === id) storeResults(client, poll, me);
      },
    });
  }, [socket, client, kind, id, me]);
  return useQuery({
    queryKey: pollKey(carrier),
    queryFn: async () => (await fetchPollOf(carrier)) ?? client.getQueryData<Poll | null>(pollKey(carrier)) ?? null,
    staleTime: 60_000,
  });
}

/** Results from the server (a live event): the member's own vote stays as they know it, or as the names show it. */
export function storeResults(client: QueryClient, results: PollResults, me: number | undefined) {
  const carrier = carrierOf(results);
  if (!carrier) return;
  client.setQueryData<Poll | null>(pollKey(carrier), (old) => {
    const named = results.anonymous ? null : results.options.filter((o) => o.voters?.some((v) => v.id === me)).map((o) => o.id);
    return { ...results, my_votes: named ?? old?.my_votes ?? [] };
  });
}

const storePoll = (client: QueryClient, poll: Poll) => {
  const carrier = carrierOf(poll);
  if (carrier) client.setQueryData(pollKey(carrier), poll);
};

export function useVote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ poll, optionIds }: { poll: Poll; optionIds: number[] }) =>
      api<Poll>(`/polls/${poll.id}/vote`, { method: 'PUT', body: { option_ids: optionIds } }),
    onSuccess: (poll) => storePoll(client, poll),
  });
}

export function useClosePoll() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (poll: Poll) => api<Poll>(`/polls/${poll.id}/close`, { method: 'POST' }),
    onSuccess: (poll) => storePoll(client, poll),
  });
}

export type PollDraft = Omit<CreatePollBody, 'target' | 'client_id'>;

/** Makes a poll (in a group or channel: its message too, which reaches the timeline as any new message does). */
export function useCreatePoll() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePollBody) => api<{ poll: Poll; message: ConversationMessage | null }>('/polls', { method: 'POST', body }),
    onSuccess: ({ poll }) => storePoll(client, poll),
  });
}
