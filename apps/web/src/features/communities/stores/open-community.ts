/** The community chat on screen: its new messages are read at once, so they do not bump the counters meanwhile. */
let open: number | null = null;
export const openCommunity = {
  get: () => open,
  set: (id: number | null) => void (open = id),
};
