import { StrictMode, startTransition, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { createRouter } from './app/router';
// Emoji in one look everywhere (Windows has no flags, older phones miss new emoji): the font is served by us, cut
// by Unicode ranges so a browser downloads only the slices a page shows. It is Noto's COLRv1 cut, the colour format
// Chromium draws (Firefox too); its faces say `tech(color-COLRv1)`, so a browser without COLRv1 (Safari) skips them
// and draws its own emoji font. The OpenType-SVG cut that @fontsource ships is drawn by Safari and Firefox only:
// Chromium took its width and drew nothing (e2e/tests/emoji-font.spec.ts).
import '@infolektuell/noto-color-emoji';
import './index.css';
import { registerServiceWorker } from './lib/service-worker';
import { initTheme } from './lib/theme';

initTheme();
if (import.meta.env.PROD) registerServiceWorker();

function App() {
  const [router] = useState(createRouter);
  return <RouterProvider router={router} />;
}

const root = createRoot(document.getElementById('root')!);
// The first render as a transition: React yields to the browser every few milliseconds while it builds the first
// page, instead of holding the main thread for the whole tree (the loading shell stays until the page is ready).
startTransition(() =>
  root.render(
    <StrictMode>
      <AppProviders>
        <App />
      </AppProviders>
    </StrictMode>,
  ),
);
