import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useReturnFocus } from './return-focus';

export interface DialogFrameProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
  /** Called as the dialog closes, before focus goes back to its opener: `preventDefault()` leaves focus where it goes next. */
  onCloseAutoFocus?(event: Event): void;
}

/**
 * What a modal and a side sheet share: the overlay, a focus trap, Escape and a click outside to close, the title
 * with a Close button, and focus back to the button that opened it. Where it stands is the caller's `className`.
 */
export function DialogFrame({
  open,
  onOpenChange,
  title,
  children,
  onCloseAutoFocus,
  className,
  headerClassName,
  closeClassName,
}: DialogFrameProps & { className: string; headerClassName: string; closeClassName: string }) {
  const returnFocus = useReturnFocus();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/60" />
        <Dialog.Content
          aria-describedby={undefined}
          {...returnFocus}
          onCloseAutoFocus={(event) => {
            onCloseAutoFocus?.(event);
            if (!event.defaultPrevented) returnFocus.onCloseAutoFocus(event);
          }}
          className={className}
        >
          <div className={headerClassName}>
            <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
            <Dialog.Close className={closeClassName} aria-label="Close">
              <X className="size-5" />
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
