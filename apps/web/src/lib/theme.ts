import { useSyncExternalStore } from 'react';

export type ThemeChoice = 'system' | 'light' | 'dark';
const KEY = 'THEME';
const listeners = new Set<() => void>();

const systemLight = () => window.matchMedia?.('(prefers-color-scheme: light)').matches ?? false;

export function themeChoice(): ThemeChoice {
  try {
    const stored = localStorage.getItem(KEY);
    return stored === 'light' || stored === 'dark' ? stored : 'system';
  } catch {
    return 'system';
  }
}

/**
 * Puts the theme on <html data-theme> (index.css reads it) and the browser's own widgets in step. The switch is
 * instant: transitions are held for that one style change, otherwise every element with a colour transition (buttons,
 * links) would fade through unreadable greys between the two palettes.
 */
function apply() {
  const choice = themeChoice();
  const theme = choice === 'system' ? (systemLight() ? 'light' : 'dark') : choice;
  const root = document.documentElement;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', theme === 'light' ? '#ffffff' : '#020617');
  if (root.dataset.theme === theme) return;
  // The first theme is set before the app draws anything (only the loading shell, which has no transitions): nothing
  // to hold, and no style work to force on the first page's critical path.
  if (!root.dataset.theme) {
    root.dataset.theme = theme;
    return;
  }
  const hold = document.createElement('style');
  hold.textContent = '*,*::before,*::after{transition:none!important}';
  document.head.appendChild(hold);
  root.dataset.theme = theme;
  // Reading a computed style makes the browser apply the new palette now, while transitions are still held.
  void window.getComputedStyle(document.body).color;
  setTimeout(() => hold.remove(), 1);
}

/** Called once before the app renders; afterwards a change of the system setting is followed while on 'system'. */
export function initTheme() {
  apply();
  window.matchMedia?.('(prefers-color-scheme: light)').addEventListener?.('change', () => {
    apply();
    listeners.forEach((l) => l());
  });
}

/** The member's choice, kept on this device (like the browser's own setting it is about this screen, not the account). */
export function setThemeChoice(choice: ThemeChoice) {
  try {
    if (choice === 'system') localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, choice);
  } catch {
    // Storage refused (private mode): the choice still holds until the page is closed.
  }
  apply();
  listeners.forEach((l) => l());
}

export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    themeChoice,
    () => 'system',
  );
}
