import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Asks again for everything under `queryKey`, first loads still on their way included. A refetch shares a first load
 * rather than start it again, so an answer that left before what it should hold was stored (a message sent while
 * the socket was connecting, whose live event reached nobody here) would be kept. Such loads are cancelled first,
 * then everything is asked again.
 */
export async function reloadQueries(queryClient: QueryClient, queryKey: QueryKey) {
  await queryClient.cancelQueries({ queryKey, predicate: (query) => query.state.data === undefined });
  await queryClient.invalidateQueries({ queryKey });
}
