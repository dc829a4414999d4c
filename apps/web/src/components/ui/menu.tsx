import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import clsx from 'clsx';
import type { ComponentProps, ReactNode } from 'react';

/**
 * The app's menus (message actions, the chat header's overflow): Radix gives arrow-key movement, typeahead, Escape
 * and a click outside to close, and focus back on the button that opened it. Items are 44 px high for fingers.
 */
// Not modal: a modal menu hides the page with aria-hidden while it is open, which some screen readers announce as
// an empty page; focus still moves into the menu and Escape or a click outside still closes it.
export function Menu(props: ComponentProps<typeof DropdownMenu.Root>) {
  return <DropdownMenu.Root modal={false} {...props} />;
}
export const MenuTrigger = DropdownMenu.Trigger;

export function MenuContent({ className, children, ...props }: ComponentProps<typeof DropdownMenu.Content>) {
  return (
    <DropdownMenu.Portal>
      <DropdownMenu.Content
        sideOffset={4}
        collisionPadding={8}
        className={clsx('z-50 min-w-44 rounded-xl border border-slate-700 bg-slate-900 p-1 text-sm text-slate-100 shadow-xl', className)}
        {...props}
      >
        {children}
      </DropdownMenu.Content>
    </DropdownMenu.Portal>
  );
}

export function MenuItem({
  className,
  danger,
  icon,
  children,
  ...props
}: ComponentProps<typeof DropdownMenu.Item> & { danger?: boolean; icon?: ReactNode }) {
  return (
    <DropdownMenu.Item
      className={clsx(
        'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-3 outline-none select-none data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50 data-[highlighted]:bg-slate-800',
        danger ? 'text-red-300' : 'text-slate-100',
        className,
      )}
      {...props}
    >
      {icon}
      {children}
    </DropdownMenu.Item>
  );
}

export const MenuGroup = DropdownMenu.Group;

export function MenuSeparator() {
  return <DropdownMenu.Separator className="my-1 h-px bg-slate-800" />;
}
