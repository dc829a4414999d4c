/** Whether a screen that shows toasts has been loaded: then, and only then, the toast container is mounted. */
let inUse = false;
const listeners = new Set<() => void>();

export function markToastsInUse() {
  if (inUse) return;
  inUse = true;
  listeners.forEach((listener) => listener());
}

export const toastsInUse = () => inUse;

export function onToastsInUse(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
