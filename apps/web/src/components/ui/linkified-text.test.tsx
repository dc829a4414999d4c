import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LinkifiedText, splitLinks } from './linkified-text';

describe('links in text', () => {
  it('makes web addresses links that open apart from the app, leaving the sentence around them', () => {
    render(
      <p>
        <LinkifiedText text="See https://example.com/a?b=1. Or www.tribe.test/x, then (https://en.wikipedia.org/wiki/Up_(film))" />
      </p>,
    );
    const links = screen.getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      'https://example.com/a?b=1',
      'https://www.tribe.test/x',
      'https://en.wikipedia.org/wiki/Up_(film)',
    ]);
    for (const a of links) {
      expect(a).toHaveAttribute('target', '_blank');
      expect(a).toHaveAttribute('rel', 'noopener noreferrer');
    }
    expect(screen.getByText(/See/).textContent).toBe(
      'See https://example.com/a?b=1. Or www.tribe.test/x, then (https://en.wikipedia.org/wiki/Up_(film))',
    );
  });

  it('never links other schemes', () => {
    expect(splitLinks('javascript:alert(1) data:text/html,hi ftp://files.test mailto:a@b.test')).toEqual([
      { kind: 'text', value: 'javascript:alert(1) data:text/html,hi ftp://files.test mailto:a@b.test' },
    ]);
  });
});
