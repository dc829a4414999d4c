import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type Page } from '@playwright/test';

export type Theme = 'dark' | 'light';
const THEMES: Theme[] = ['dark', 'light'];
/** A navigation this soon after the previous one, with nothing checked in between, is taken as a redirect. */
const REDIRECT_MS = 2000;

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
  const open = page.locator(modal).first();
  let restore: { width: number; height: number } | null = null;
  if (await open.count()) {
    builder.include(modal);
    // axe can only judge the contrast of what is on screen: a long dialog (at most 90% of the window, scrolling inside)
    // is shown whole for the check by a window tall enough, then the window is put back.
    const size = page.viewportSize();
    const needed = await open.evaluate((el) => el.scrollHeight);
    if (size && needed > size.height * 0.85) {
      restore = size;
      await page.setViewportSize({ width: size.width, height: Math.ceil(needed / 0.85) + 40 });
    }
  }
  const results = await builder.analyze().finally(async () => {
    if (restore) await page.setViewportSize(restore);
  });
  // Text in nearly the colour of what is behind it is what a theme missing a colour produces (light cyan on light
  // grey): axe files it as "needs review" rather than failing it, as it might be text hidden on purpose. Nothing the
  // app shows is, so it fails here like any other contrast failure.
  const unreadable = results.incomplete
    .filter((r) => r.id === 'color-contrast')
    .map((r) => ({
      ...r,
      nodes: r.nodes.filter((n) => n.any.some((c) => (c.data as { messageKey?: string } | null)?.messageKey === 'equalRatio')),
    }))
    .filter((r) => r.nodes.length);
  return [...results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'), ...unreadable].map((v) => ({
    rule: v.id,
    help: v.help,
    nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? n.any.map((c) => c.message).join(' ')}`),
  }));
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
        let last: { key: string; at: number } | null = null;
        // The page already shown when tracking starts is left out, also when the app rewrites its address a moment
        // later (under load that can come after this call): tracking begins with the next page the member opens.
        let before: string | null = page.url().startsWith('http') ? pageKey(page.url()) : null;
        page.on('framenavigated', (frame) => {
          if (frame !== page.mainFrame() || !frame.url().startsWith('http')) return;
          const key = pageKey(frame.url());
          if (key === before) return;
          before = null;
          // A page the app left for another within a moment, unchecked, was a redirect (the chat list opening its
          // first conversation, say): what the member sees is where it led, and that page is the one to check.
          if (last && last.key !== key && Date.now() - last.at < REDIRECT_MS && checked.get(last.key)?.size === 0) checked.delete(last.key);
          last = { key, at: Date.now() };
          seen(key);
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
