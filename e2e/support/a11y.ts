import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type Page } from '@playwright/test';

export type Theme = 'dark' | 'light';
const THEMES: Theme[] = ['dark', 'light'];

/** '/scan-chat/private/42' and '/scan-chat/private/7' are one page. */
const pageKey = (url: string) => new URL(url).pathname.replace(/\/\d+(?=\/|$)/g, '/:id');

export interface A11y {
  /** Records every page this tab shows; the test fails at its end if one of them was never checked in both themes. */
  track(page: Page): Page;
  /**
   * Runs axe (WCAG 2.1 A and AA rules) on what the page shows now, in the dark and the light theme (the app follows
   * the system's colour scheme when the member has not picked one), and fails on any serious or critical violation.
   */
  check(page: Page, what?: string): Promise<void>;
}

async function violations(page: Page) {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  // Under an open modal dialog the page is aria-hidden and out of focus's reach (Radix traps focus), which axe
  // would report as hidden focusable content: the dialog is what the member can use, so it is what is checked;
  // the page beneath is checked on its own before or after.
  const modal = '[role="dialog"][aria-modal="true"], [role="alertdialog"][aria-modal="true"]';
  if (await page.locator(modal).count()) builder.include(modal);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ rule: v.id, help: v.help, nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`) }));
}

/** `test` with an `a11y` fixture: `a11y.track(page)` after opening a page, `await a11y.check(page)` where it has settled. */
export const test = base.extend<{ a11y: A11y }>({
  // Playwright reads a fixture's dependencies from this destructuring: an empty one says it has none.
  // eslint-disable-next-line no-empty-pattern
  a11y: async ({}, use) => {
    const checked = new Map<string, Set<Theme>>();
    const seen = (key: string) => checked.get(key) ?? checked.set(key, new Set()).get(key)!;
    const a11y: A11y = {
      track(page) {
        page.on('framenavigated', (frame) => {
          if (frame === page.mainFrame() && frame.url().startsWith('http')) seen(pageKey(frame.url()));
        });
        return page;
      },
      async check(page, what) {
        const key = pageKey(page.url());
        for (const theme of THEMES) {
          await page.emulateMedia({ colorScheme: theme });
          await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
          expect(await violations(page), `${what ?? key} (${theme} theme)`).toEqual([]);
          seen(key).add(theme);
        }
      },
    };
    await use(a11y);
    const missed = [...checked].filter(([, themes]) => themes.size < THEMES.length).map(([key]) => key);
    expect(missed, 'pages shown without an accessibility check in both themes').toEqual([]);
  },
});

export { expect };
