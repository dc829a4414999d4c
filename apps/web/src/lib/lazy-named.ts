import { lazy, type ComponentType } from 'react';

/** React.lazy for a named export: `lazyNamed(() => import('./settings-modal'), 'SettingsModal')`. */
export function lazyNamed<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  type Component = M[K] extends ComponentType<infer P> ? ComponentType<P> : never;
  return lazy(async () => ({ default: (await load())[name] as Component }));
}
