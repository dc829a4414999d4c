import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { InterestTagList, ProfileDetail } from './profile-facts';

describe('a profile’s facts', () => {
  it('label each detail, link a portfolio in a new tab without passing on rank, and leave out what is empty', () => {
    render(
      <dl>
        <ProfileDetail label="Workspace" value="Tribeverse" />
        <ProfileDetail label="Portfolio" value="https://ada.example" href="https://ada.example" />
        <ProfileDetail label="Phone" value={null} />
      </dl>,
    );
    expect(screen.getByText('Workspace')).toBeInTheDocument();
    expect(screen.getByText('Tribeverse')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'https://ada.example' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('nofollow');
    expect(screen.queryByText('Phone')).not.toBeInTheDocument();
  });

  it('show interests as #tags in a named list, and nothing when there are none', () => {
    const { rerender } = render(<InterestTagList tags={['gardening', 'chess']} label="Interests" />);
    expect(screen.getByRole('list', { name: 'Interests' })).toHaveTextContent('#gardening#chess');
    rerender(<InterestTagList tags={[]} label="Interests" />);
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });
});
