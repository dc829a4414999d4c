import fs from 'node:fs';
import path from 'node:path';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar } from './avatar';

/** index.css's value of a colour token ('brand-700') in each theme: the light block's own value, else the shared one. */
function themeColours(token: string): { dark: string; light: string } {
  const css = fs.readFileSync(path.join(path.dirname(new URL(import.meta.url).pathname), '../../index.css'), 'utf8');
  const lightBlock = /:root\[data-theme='light'\]\s*\{([^}]*)\}/.exec(css)?.[1] ?? '';
  const shared = new RegExp(`--color-${token}:\\s*(#[0-9a-f]{6})`).exec(css.replace(lightBlock, ''))?.[1];
  const light = new RegExp(`--color-${token}:\\s*(#[0-9a-f]{6})`).exec(lightBlock)?.[1] ?? shared;
  if (!shared || !light) throw new Error(`index.css defines no ${token}`);
  return { dark: shared, light };
}

const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5]
    .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

describe('Avatar initials', () => {
  it.each([20, 24, 28, 32, 40, 48, 96])(
    'at %i px are at least 12 px high and scale with the avatar (two letters 0.4 of it, one letter half), and fit',
    (size) => {
      render(<Avatar name="Ada Lovelace" size={size} />);
      const avatar = screen.getByRole('img', { name: 'Ada Lovelace' });
      const letters = avatar.textContent ?? '';
      expect(['AL', 'A']).toContain(letters);
      const font = parseFloat(avatar.style.fontSize);
      expect(font).toBeGreaterThanOrEqual(12);
      expect(font).toBeGreaterThanOrEqual(size * (letters.length === 1 ? 0.5 : 0.4));
      // A semibold capital is at most about 0.75 em wide: the letters keep a margin inside the circle.
      expect(letters.length * 0.75 * font).toBeLessThanOrEqual(size * 0.85);
    },
  );

  it('are white on colours that give them AA contrast (4.5:1) in both themes', () => {
    render(<Avatar name="Ada Lovelace" size={40} />);
    const avatar = screen.getByRole('img', { name: 'Ada Lovelace' });
    expect(avatar.className).toMatch(/(^|\s)text-white(\s|$)/);
    const fills = [...avatar.className.matchAll(/(?:^|\s)(?:bg|from|via|to)-([a-z]+-\d+)(?=\s|$)/g)].map((m) => m[1]!);
    expect(fills.length).toBeGreaterThan(0);
    for (const fill of fills) {
      const { dark, light } = themeColours(fill);
      expect(contrast('#ffffff', dark), `${fill} in the dark theme`).toBeGreaterThanOrEqual(4.5);
      expect(contrast('#ffffff', light), `${fill} in the light theme`).toBeGreaterThanOrEqual(4.5);
    }
  });
});
