import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { SideSheet } from './side-sheet';

function Page() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Group info
      </button>
      <SideSheet open={open} onOpenChange={setOpen} title="Info">
        <button type="button">Inside</button>
      </SideSheet>
    </>
  );
}

describe('SideSheet', () => {
  it('gives focus back to the button that opened it when it closes', async () => {
    const user = userEvent.setup();
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'Group info' });
    await user.click(opener);
    expect(screen.getByRole('dialog', { name: 'Info' })).toBeInTheDocument();
    expect(opener).not.toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();

    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(opener).toHaveFocus();
  });
});
