import path from 'node:path';
import type { Plugin } from 'vite';

/** Where the list goes: inside the build, under a dot folder the server does not serve as a file. */
export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

/**
 * Writes, for each page a visitor may land on first, the code that page needs beyond the app's entry:
 * `{ "/auth/login": ["/assets/login-page-….js", …] }`. The server sends it as `Link: rel=modulepreload` with the
 * page (apps/server/src/plugins/web-static.ts), so the browser fetches the page's code alongside the entry instead
 * of after it: one round trip less before the first screen.
 *
 * `pages` maps a path to the module(s) the router loads for it (src/app/router.tsx); a module that is no longer
 * a lazily loaded chunk fails the build, so the list cannot silently go stale.
 */
export function routePreload(pages: Record<string, string[]>): Plugin {
  let root = '';
  return {
    name: 'tribeverse-route-preload',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const entries = new Set(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
      const closure = (fileName: string, into: Set<string>) => {
        if (into.has(fileName) || entries.has(fileName)) return;
        into.add(fileName);
        for (const imported of byFile.get(fileName)?.imports ?? []) closure(imported, into);
      };
      const preloads: Record<string, string[]> = {};
      for (const [page, modules] of Object.entries(pages)) {
        const files = new Set<string>();
        for (const module of modules) {
          const id = path.resolve(root, module);
          const chunk = chunks.find((c) => c.facadeModuleId === id && c.isDynamicEntry);
          if (!chunk) this.error(`routePreload: ${module} (for ${page}) is not a lazily loaded chunk of this build`);
          closure(chunk.fileName, files);
        }
        preloads[page] = [...files].map((file) => `/${file}`);
      }
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: JSON.stringify(preloads, null, 2) });
    },
  };
}
