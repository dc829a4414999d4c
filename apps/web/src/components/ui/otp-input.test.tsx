import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { emptyCode, OtpInput } from './otp-input';

function Harness() {
  const [code, setCode] = useState(emptyCode());
  return (
    <>
      <OtpInput value={code} onChange={setCode} label="Code" invalidCharMessage="Must be a digit" />
      <output data-testid="joined">{code.join('')}</output>
    </>
  );
}
const box = (n: number) => screen.getByLabelText(`Code digit ${n}`);
const joined = () => screen.getByTestId('joined');

/** Shows empty boxes and clicks box `n`; the user goes on from there. */
async function startAt(n: number) {
  const user = userEvent.setup();
  render(<Harness />);
  await user.click(box(n));
  return user;
}

describe('code boxes', () => {
  it('moves to the next box as digits are typed', async () => {
    const user = await startAt(1);
    await user.keyboard('12');
    expect(box(3)).toHaveFocus();
    expect(joined()).toHaveTextContent('12');
  });

  it('ignores non-digits and says so', async () => {
    const user = await startAt(1);
    await user.keyboard('a');
    expect(box(1)).toHaveValue('');
    expect(box(1)).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent('Must be a digit');
  });

  it('moves back on Backspace in an empty box', async () => {
    const user = await startAt(1);
    await user.keyboard('7');
    expect(box(2)).toHaveFocus();
    await user.keyboard('{Backspace}');
    expect(box(1)).toHaveFocus();
  });

  it('replaces a filled box with the typed digit wherever the caret sits in it', async () => {
    const user = await startAt(1);
    await user.keyboard('1');
    // A mouse click after focus can put the caret before the old digit: '4' then lands in front of '1'.
    await user.pointer({ target: box(1), offset: 0, keys: '[MouseLeft]' });
    (box(1) as HTMLInputElement).setSelectionRange(0, 0);
    await user.keyboard('4');
    expect(joined()).toHaveTextContent(/^4$/);
    expect(box(2)).toHaveFocus();
  });

  it('moves on when the digit typed is the one the box already holds', async () => {
    const user = await startAt(1);
    await user.keyboard('1');
    await user.click(box(1));
    await user.keyboard('12');
    expect(joined()).toHaveTextContent(/^12$/);
    expect(box(3)).toHaveFocus();
  });

  it('fills every box from a pasted code', async () => {
    const user = await startAt(3);
    await user.paste('Code: 482 913');
    expect(joined()).toHaveTextContent('482913');
    expect(box(6)).toHaveValue('3');
  });
});
