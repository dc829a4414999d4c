import { useRef } from 'react';

/**
 * Our dialogs are opened by plain buttons, not a Radix Dialog.Trigger, so Radix would send focus to the page's top
 * on close. Spread on a Dialog.Content: it remembers what had focus when the dialog opened and goes back there.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onCloseAutoFocus: (event: Event) => {
      if (!opener.current?.isConnected) return;
      event.preventDefault();
      opener.current.focus();
      opener.current = null;
    },
  };
}
