import { vi } from 'vitest';

/** One answer: a status and a JSON body, or a function for anything else (a slow or never-ending answer). */
export type Answer = [number, unknown] | (() => Promise<Response>);

/**
 * Stands in for the server behind `fetch` in a component test: each key (`'/api/x'`, or `'POST /api/x'` for one method)
 * answers its queue in order and repeats the last answer; a 204 has no body; a path with no answers is a 404.
 * Returns the calls made, with their JSON bodies, for the test to check what the screen sent.
 */
export function serveFetch(routes: Record<string, Answer[]>) {
  const calls: Array<{ method: string; path: string; body: unknown }> = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const path = new URL(String(input), 'http://x').pathname;
    const method = init?.method ?? 'GET';
    calls.push({ method, path, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
    const queue = routes[`${method} ${path}`] ?? routes[path];
    if (!queue) return Response.json({ code: 'NOT_FOUND', msg: 'Not found.' }, { status: 404 });
    const answer = queue.length > 1 ? queue.shift()! : queue[0]!;
    if (typeof answer === 'function') return answer();
    const [status, body] = answer;
    return status === 204 ? new Response(null, { status }) : Response.json(body, { status });
  });
  return calls;
}

/** The calls as 'METHOD /path' lines, for a test that checks only what was asked of the server. */
export const callLines = (calls: ReturnType<typeof serveFetch>) => calls.map((c) => `${c.method} ${c.path}`);
