import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LIMITS } from '@tribeverse/shared';
import { PicturePicker } from './picture-picker';

const pick = (file: File) => fireEvent.change(screen.getByTestId('picture-file'), { target: { files: [file] } });

describe('picture picker', () => {
  it('refuses a picture over the limit at once, naming the limit', () => {
    const onChange = vi.fn();
    render(<PicturePicker file={null} onChange={onChange} camera={{ type: 'image/png', fileName: 'captured' }} />);
    pick(new File([new Uint8Array(LIMITS.profilePictureMaxBytes + 1)], 'huge.png', { type: 'image/png' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The profile picture is too large: at most 5 MB.');
    expect(onChange).not.toHaveBeenCalled();

    pick(new File([new Uint8Array(10)], 'small.png', { type: 'image/png' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ name: 'small.png' }));
  });
});
