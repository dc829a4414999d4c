import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Modal } from './modal';
import { SideSheet } from './side-sheet';

/** A page with one button that opens the dialog (a Modal or a SideSheet) named 'Settings'. */
function Page({ Dialog }: { Dialog: typeof Modal | typeof SideSheet }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open settings
      </button>
      <Dialog open={open} onOpenChange={setOpen} title="Settings">
        <button type="button">Inside</button>
      </Dialog>
    </>
  );
}

describe.each([
  ['Modal', Modal],
  ['SideSheet', SideSheet],
])('%s', (_name, Dialog) => {
  it('gives focus back to the button that opened it when it closes', async () => {
    const user = userEvent.setup();
    render(<Page Dialog={Dialog} />);
    const opener = screen.getByRole('button', { name: 'Open settings' });
    await user.click(opener);
    expect(screen.getByRole('dialog', { name: 'Settings' })).toBeInTheDocument();
    expect(opener).not.toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();

    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(opener).toHaveFocus();
  });

  it('draws the close button as a picture that screen readers skip, named by its label', async () => {
    render(<Page Dialog={Dialog} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Open settings' }));
    const close = screen.getByRole('button', { name: 'Close' });
    expect(close).toHaveTextContent('');
    expect(close.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });
});
