import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { emojiFontRanges } from './vite-emoji-font.ts';
import { precompress } from './vite-precompress.ts';
import { routePreload } from './vite-route-preload.ts';

const api = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;

/**
 * React Router's package sends every bundler to its development build (remix-run/react-router#14102, open): its
 * warnings stay on and print in members' consoles. The build takes the production copy the package ships beside it,
 * the same code with the warnings off; if that copy ever goes, the build fails instead of going back to warnings.
 */
const reactRouterProduction = () => fileURLToPath(import.meta.resolve('react-router').replace('/development/', '/production/'));

export default defineConfig(({ command }) => ({
  resolve: { alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction() }] : [] },
  plugins: [
    react(),
    emojiFontRanges(),
    tailwindcss(),
    // The pages a visitor lands on first, with the modules src/app/router.tsx loads for them.
    routePreload({
      '/': ['src/features/home/components/home-page.tsx'],
      '/auth/login': ['src/features/auth/components/login-page.tsx'],
      '/auth/register': ['src/features/auth/components/register-page.tsx'],
    }),
    // The service worker (src/sw.ts, built to dist/sw.js) with the list of files it precaches: the page and the
    // build's code and styles. Not the emoji font's slices (the browser's cache keeps those: hashed, a year) nor
    // the icons beyond the small ones. Our own manifest (public/) and our own registration (src/lib/service-worker.ts).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      includeManifestIcons: false,
      injectManifest: {
        // A classic worker, not a module one: every browser that has service workers runs it.
        rollupFormat: 'iife',
        globPatterns: ['index.html', 'assets/*.{js,css}', 'logo.svg', 'default-avatar.svg', 'icon-192.png', 'manifest.webmanifest'],
        // Hashed names change with their content: fetched as they are, without a revision in the address.
        dontCacheBustURLsMatching: /^assets\//,
      },
    }),
    // Last: compresses what the plugins above wrote too (the service worker among them).
    precompress(),
  ],
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: {
      '/api': api,
      '/media': api,
      '/socket.io': { target: api, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      treeshake: {
        // The shared package only declares constants and schemas. Saying so lets the first screen take just
        // the constants it uses instead of every schema behind the package's one entry point (and with them
        // zod and the phone-number metadata, which only the forms need). All but zod.ts, whose one statement
        // configures zod for the browser before any schema is made.
        moduleSideEffects: [{ test: /packages[\\/]shared[\\/]src[\\/](?!zod\.ts$)/, sideEffects: false }],
      },
      output: {
        codeSplitting: {
          // Fewer, fuller files on the first screens: every request costs a round trip on a slow connection.
          groups: [
            // What the entry imports statically stays in the entry, rather than in small files beside it.
            { name: 'boot', tags: ['$initial'], priority: 3 },
            // react-hook-form and its zod resolver travel together: every form screen needs both.
            { name: 'forms', test: /node_modules[\\/](react-hook-form|@hookform)[\\/]/, priority: 2 },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['src/test-setup.ts'],
    css: false,
  },
}));
