import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PostText } from './post-text';

const renderText = (text: string) =>
  render(
    <MemoryRouter>
      <PostText text={text} />
    </MemoryRouter>,
  );

describe('PostText', () => {
  it('links hashtags to the filtered feed and mentions to the member', () => {
    renderText('Hello #Tribe, meet @ada.l. Not an email: a@b.co');
    expect(screen.getByRole('link', { name: '#Tribe' })).toHaveAttribute('href', '/home?tag=tribe');
    expect(screen.getByRole('link', { name: '@ada.l' })).toHaveAttribute('href', '/u/ada.l');
    expect(screen.getAllByRole('link')).toHaveLength(2);
    expect(screen.getByText(/Not an email: a@b.co/)).toBeInTheDocument();
  });

  it('keeps plain text as it is', () => {
    renderText('just words');
    expect(screen.getByText('just words')).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
